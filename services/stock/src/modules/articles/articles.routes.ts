import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import {
  Article,
  ArticleById,
  ArticleCreate,
  ArticleDelete,
  ArticlePage,
  ArticlePaginate,
  ArticlePhotoDelete,
  ArticlesDeleted,
  ArticleUpdate,
} from '@diamond/contracts/http/articles'
import { AppError, defineRoutes, ok, principal } from '@diamond/runtime'
import { ObjectNotFound } from '@diamond/runtime/objects'
import type { ArticleService } from './articles.service'

const tags = ['stock']

const PhotoParams = Type.Object({
  articleId: Type.String({ format: 'uuid', maxLength: 36 }),
  file: Type.String({ pattern: '^[0-9a-f-]{36}\\.(jpg|png)$' }),
})

/**
 * Seller articles (`article/*`, JSON; the photo upload is in articles.upload.routes.ts) and the
 * public address of their photos, `/article-media/{article id}/{photo id}.{jpg|png}`: served by the
 * portal itself (same origin, so the strict CSP's img-src 'self' covers it), open like the stone
 * media host, found only by ids nobody can guess.
 */
export default defineRoutes(function articleRoutes(app, { articles }: { articles: ArticleService }) {
  app.post(
    '/article/create',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: 'A seller adds an article (jewellery, a parcel, other): a draft unless listed',
        body: ArticleCreate,
        response: { 200: Envelope(Article) },
      },
    },
    async (req) => ok(await articles.create(principal(req), req.body), 'Article added'),
  )
  app.post(
    '/article/update',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "Change some of an article's fields (its seller, or staff naming the seller)",
        body: ArticleUpdate,
        response: { 200: Envelope(Article) },
      },
    },
    async (req) => ok(await articles.update(principal(req), req.body), 'Article updated'),
  )
  app.post(
    '/article/delete',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "Delete some of the seller's articles (all of them, or none when one is not theirs)",
        body: ArticleDelete,
        response: { 200: Envelope(ArticlesDeleted) },
      },
    },
    async (req) => ok(await articles.delete(principal(req), req.body), 'Articles deleted'),
  )
  app.post(
    '/article/view',
    {
      config: { member: true },
      schema: {
        tags,
        summary: 'One article: a listed one for any member, a draft for its seller',
        body: ArticleById,
        response: { 200: Envelope(Article) },
      },
    },
    async (req) => ok(await articles.find(principal(req), req.body)),
  )
  app.post(
    '/article/paginate',
    {
      config: { member: true },
      schema: {
        tags,
        summary: "The seller's own articles (mine: true), or a seller's listed articles (sellerCompanyId)",
        body: ArticlePaginate,
        response: { 200: Envelope(ArticlePage) },
      },
    },
    async (req) => ok(await articles.page(principal(req), req.body)),
  )
  app.post(
    '/article/photo/delete',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: 'Delete one photo of an article (the others keep their order)',
        body: ArticlePhotoDelete,
        response: { 200: Envelope(Article) },
      },
    },
    async (req) => ok(await articles.deletePhoto(principal(req), req.body), 'Photo deleted'),
  )

  app.get(
    '/article-media/:articleId/:file',
    {
      config: { produces: ['image/jpeg', 'image/png'], public: true },
      schema: { tags, summary: "An article's photo as its seller uploaded it", params: PhotoParams },
    },
    async (req, reply) => {
      const [photoId, ext] = req.params.file.split('.') as [string, string]
      const found = await articles
        .openPhoto(req.params.articleId, photoId, ext)
        .catch((err: unknown) => (err instanceof ObjectNotFound ? null : Promise.reject(err)))
      if (!found) throw new AppError('E_NOT_FOUND')
      // A photo's address names its own id: a new photo is a new address, so this one never changes.
      return reply
        .type(found.contentType)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="${req.params.file}"`)
        .send(found.stream)
    },
  )
})
