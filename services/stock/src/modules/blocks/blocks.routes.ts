import { Envelope } from '@diamond/contracts/common'
import {
  BlockCreate,
  BlockCreated,
  BlockList,
  BlockMasterList,
  BlockMasterPage,
  BlockPage,
  BlockRelease,
  MemoList,
  MemoPage,
} from '@diamond/contracts/http/blocks'
import { StatusResult } from '@diamond/contracts/http/stock'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { BlockService } from './blocks.service'

const tags = ['stock']

export default defineRoutes(function blockRoutes(app, { blocks }: { blocks: BlockService }) {
  app.post(
    '/diamond-block/create',
    {
      // The block type decides the right (hold insert for one's own hold; staff rights otherwise).
      config: { errors: ['E_STONE_UNAVAILABLE'], permission: ['hold', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Hold, memo, show or office block on an available stone',
        body: BlockCreate,
        response: { 200: Envelope(BlockCreated) },
      },
    },
    async (req) => ok(await blocks.create(principal(req), req.body), 'Stone blocked.'),
  )

  app.post(
    '/diamond-block/paginate',
    {
      config: { permission: ['hold', 'view'], member: true },
      schema: {
        tags,
        summary: 'My holds and blocks, with expiry and the server time',
        body: BlockList,
        response: { 200: Envelope(BlockPage) },
      },
    },
    async (req) => ok(await blocks.list(principal(req), req.body)),
  )

  app.post(
    '/diamond-block/delete',
    {
      config: { permission: ['hold', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Release my hold or block on a stone (staff: anyone’s)',
        body: BlockRelease,
        response: { 200: Envelope(StatusResult) },
      },
    },
    async (req) => ok(await blocks.release(principal(req), req.body.id), 'Hold released.'),
  )

  app.post(
    '/memo/paginate',
    {
      config: { permission: ['memo', 'view'], member: true },
      schema: {
        tags,
        summary: 'Stones on memo to me, with memo number and date',
        body: MemoList,
        response: { 200: Envelope(MemoPage) },
      },
    },
    async (req) => ok(await blocks.memo(principal(req), req.body)),
  )

  app.post(
    '/diamond-block-master/paginate',
    {
      schema: { tags, summary: 'The block types', body: BlockMasterList, response: { 200: Envelope(BlockMasterPage) } },
    },
    (req) => ok(blocks.master(req.body)),
  )
})
