import { Type } from 'typebox'
import { Envelope, Uuid } from '@diamond/contracts/common'
import {
  BannerAdmin,
  BannerAdminList,
  BannerListRequest,
  BannerSave,
  Deleted,
  EventPage,
  EventPageRequest,
  EventSave,
  Faq,
  FaqList,
  FaqListRequest,
  FaqSave,
  IdRequest,
  PageSave,
  PageViewRequest,
  PortalEvent,
  PortalPage,
} from '@diamond/contracts/http/content'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { ContentService } from './content.service'

const tags = ['content']
const STAFF_ERRORS = ['E_VALIDATION', 'E_NOT_FOUND'] as const

/**
 * Pages and FAQs are read by anyone (terms of use and contact must be reachable signed out); the
 * events calendar by signed-in users; every change by operator staff (others are told "not found").
 */
export default defineRoutes(function contentRoutes(app, { content }: { content: ContentService }) {
  app.post(
    '/page/view',
    { config: { public: true }, schema: { tags, body: PageViewRequest, response: { 200: Envelope(PortalPage) } } },
    async (req) => ok(await content.page(req.body.slug, req.body.lang)),
  )
  app.post(
    '/page/save',
    {
      config: { member: true, errors: [...STAFF_ERRORS] },
      schema: { tags, body: PageSave, response: { 200: Envelope(PortalPage) } },
    },
    async (req) => ok(await content.savePage(principal(req), req.body), 'Page saved'),
  )

  app.post(
    '/faq/paginate',
    { config: { public: true }, schema: { tags, body: FaqListRequest, response: { 200: Envelope(FaqList) } } },
    async (req) => ok({ list: await content.faqs(req.body.lang) }),
  )
  app.post(
    '/faq/save',
    {
      config: { member: true, errors: [...STAFF_ERRORS] },
      schema: { tags, body: FaqSave, response: { 200: Envelope(Faq) } },
    },
    async (req) => ok(await content.saveFaq(principal(req), req.body), 'Saved'),
  )
  app.post(
    '/faq/delete',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: IdRequest, response: { 200: Envelope(Deleted) } },
    },
    async (req) => {
      await content.deleteFaq(principal(req), req.body.id)
      return ok({ deleted: true }, 'Deleted')
    },
  )

  app.post(
    '/event/paginate',
    { schema: { tags, body: EventPageRequest, response: { 200: Envelope(EventPage) } } },
    async (req) => ok(await content.events(req.body)),
  )
  app.post(
    '/event/save',
    {
      config: { member: true, errors: [...STAFF_ERRORS] },
      schema: { tags, body: EventSave, response: { 200: Envelope(PortalEvent) } },
    },
    async (req) => ok(await content.saveEvent(principal(req), req.body), 'Saved'),
  )
  app.post(
    '/event/delete',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: IdRequest, response: { 200: Envelope(Deleted) } },
    },
    async (req) => {
      await content.deleteEvent(principal(req), req.body.id)
      return ok({ deleted: true }, 'Deleted')
    },
  )

  app.post(
    '/banner/list',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: BannerListRequest, response: { 200: Envelope(BannerAdminList) } },
    },
    async (req) => ok({ list: await content.banners(principal(req)) }),
  )
  app.post(
    '/banner/save',
    {
      config: { member: true, errors: [...STAFF_ERRORS] },
      schema: { tags, body: BannerSave, response: { 200: Envelope(BannerAdmin) } },
    },
    async (req) => ok(await content.saveBanner(principal(req), req.body), 'Saved'),
  )
  app.post(
    '/banner/delete',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: IdRequest, response: { 200: Envelope(Deleted) } },
    },
    async (req) => {
      await content.deleteBanner(principal(req), req.body.id)
      return ok({ deleted: true }, 'Deleted')
    },
  )
  // The sign-in page shows uploaded images before anyone signs in.
  app.get(
    '/banner/image/:id',
    { config: { public: true }, schema: { tags, params: Type.Object({ id: Uuid }) } },
    async (req, reply) => {
      const image = await content.bannerImage(req.params.id)
      if (!image) return reply.code(404).send({ code: 'E_NOT_FOUND', message: 'Not found.', data: null })
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(image.content)
    },
  )
})
