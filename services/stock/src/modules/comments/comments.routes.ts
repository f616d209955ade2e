import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { Comment, CommentByUser, CommentDelete, CommentPage, CommentUpsert } from '@diamond/contracts/http/tracks'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { CommentService } from './comments.service'

const tags = ['stock']

export default defineRoutes(function commentRoutes(app, { comments }: { comments: CommentService }) {
  app.post(
    '/diamond-comment/by-user',
    {
      config: { permission: ['notes', 'view'] },
      schema: {
        tags,
        summary: "The caller's notes, newest first",
        body: CommentByUser,
        response: { 200: Envelope(CommentPage) },
      },
    },
    async (req) => ok(await comments.byUser(principal(req), req.body)),
  )
  app.post(
    '/diamond-comment/upsert',
    {
      config: { permission: ['notes', 'insert'], member: true },
      schema: {
        tags,
        summary: "Write or replace the caller's note on a stone",
        body: CommentUpsert,
        response: { 200: Envelope(Comment) },
      },
    },
    async (req) => ok(await comments.upsert(principal(req), req.body), 'Note saved'),
  )
  app.post(
    '/diamond-comment/delete',
    {
      config: { permission: ['notes', 'insert'], member: true },
      schema: {
        tags,
        summary: "Delete one of the caller's notes",
        body: CommentDelete,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await comments.remove(principal(req), req.body.id)
      return ok(null, 'Note deleted')
    },
  )
})
