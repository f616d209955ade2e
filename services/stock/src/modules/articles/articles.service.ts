import { randomUUID } from 'node:crypto'
import {
  ARTICLE_PHOTO_MAX_BYTES,
  type Article,
  type ArticleById,
  type ArticleCreate,
  type ArticleDelete,
  type ArticlePage,
  type ArticlePaginate,
  type ArticlePhotoDelete,
  type ArticlesDeleted,
  type ArticleUpdate,
} from '@diamond/contracts/http/articles'
import { ArticleEventTypes, type ArticleChanged } from '@diamond/contracts/events/articles'
import { seesPrices } from '@diamond/contracts/permissions'
import { AppError, enqueue, newEvent, type Database, type Principal } from '@diamond/runtime'
import type { Tx } from '@diamond/runtime/db'
import type { ObjectStore } from '@diamond/runtime/objects'
import type { Readable } from 'node:stream'
import { classify, SNIFF_BYTES } from '../media/media.rules'
import type { IncomingFile } from '../media/media.service'
import { body, drain, peek, TooLarge } from '../media/media.streams'
import { invalidFields } from '@diamond/runtime/errors'
import * as repo from './articles.repository'
import {
  checkArticle,
  manages,
  photoKey,
  photoOf,
  photoRefusal,
  visiblePrice,
  visibleTo,
  type ArticleInput,
  type ArticleViewer,
} from './articles.rules'
import type { ArticleRow } from './articles.schema'

/** Where the portal serves article photos (the route in articles.routes.ts). */
export const ARTICLE_MEDIA_BASE = '/web/v1/article-media'

/** The seller a caller acts for: its own company, or (staff) the one named. InventoryService.sellerFor. */
export type SellerFor = (who: Principal, requested?: string) => Promise<{ id: string; name: string }>

const fileProblem = (message: string) => invalidFields([{ field: 'file', in: 'body', message }])

function viewerOf(who: Principal): ArticleViewer {
  return {
    operator: !!who.operator,
    companyId: who.userType === 'seller' ? who.companyId : undefined,
    seesPrices: !who.noPrice && seesPrices(who.perms),
  }
}

/**
 * Seller articles: a seller's jewellery, parcels and other goods. Sellers manage their own
 * company's (staff name the seller, as on every inventory screen); members read listed ones. Every
 * change writes `stock.article.changed` in its transaction; photos live in the object store of
 * stone media, and an object no row points at any more is deleted after the commit.
 */
export class ArticleService {
  constructor(
    private readonly database: Database,
    private readonly objects: ObjectStore,
    private readonly sellerFor: SellerFor,
  ) {}

  private checked(input: ArticleInput, creating: boolean) {
    const outcome = checkArticle(input, creating)
    if (!outcome.ok) throw invalidFields(outcome.problems)
    return outcome.values
  }

  private async changed(
    tx: Tx,
    row: Pick<ArticleRow, 'id' | 'sellerCompanyId' | 'status'>,
    change: ArticleChanged['change'],
  ) {
    await enqueue(tx, 'stock', [
      newEvent<ArticleChanged>('stock', ArticleEventTypes.changed, row.id, {
        articleId: row.id,
        sellerCompanyId: row.sellerCompanyId,
        change,
        status: change === 'deleted' ? null : row.status,
      }),
    ])
  }

  /** `article/create` */
  async create(who: Principal, req: ArticleCreate): Promise<Article> {
    const seller = await this.sellerFor(who, req.sellerCompanyId)
    const v = this.checked(req, true)
    const row = await this.database.sql.begin(async (tx) => {
      const created = await repo.insertArticle(tx, {
        id: randomUUID(),
        sellerCompanyId: seller.id,
        kind: v.kind!,
        name: v.name!,
        description: v.description ?? '',
        priceUsd: v.priceUsd!,
        status: v.status ?? 'draft',
        photos: [],
        createdBy: who.id,
      })
      await this.changed(tx, created, 'created')
      return created
    })
    return this.view(who, row, seller.name)
  }

  /** `article/update`: the fields given change; someone else's article is not found. */
  async update(who: Principal, req: ArticleUpdate): Promise<Article> {
    const seller = await this.sellerFor(who, req.sellerCompanyId)
    const { id, sellerCompanyId: _scope, ...fields } = req
    const v = this.checked(fields, false)
    const row = await this.database.sql.begin(async (tx) => {
      const updated = await repo.updateArticle(tx, id, seller.id, v)
      if (updated) await this.changed(tx, updated, 'updated')
      return updated
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    return this.view(who, row, seller.name)
  }

  /** `article/delete`: all named or none; their photos go once the rows are gone. */
  async delete(who: Principal, req: ArticleDelete): Promise<ArticlesDeleted> {
    const seller = await this.sellerFor(who, req.sellerCompanyId)
    const rows = await this.database.sql.begin(async (tx) => {
      const deleted = await repo.deleteArticles(tx, seller.id, req.ids)
      // One of them is not the seller's: roll back, nothing is deleted.
      if (!deleted) throw new AppError('E_NOT_FOUND')
      for (const r of deleted) await this.changed(tx, r, 'deleted')
      return deleted
    })
    await this.forget(rows.flatMap((r) => r.photos))
    return { deleted: rows.length }
  }

  /** `article/view`: a listed article for any member; a draft for its seller only. */
  async find(who: Principal, req: ArticleById): Promise<Article> {
    const row = await repo.findArticle(this.database.sql, req.id)
    const viewer = viewerOf(who)
    if (!row || !visibleTo(viewer, row)) throw new AppError('E_NOT_FOUND')
    if (req.sellerCompanyId && req.sellerCompanyId !== row.sellerCompanyId) throw new AppError('E_NOT_FOUND')
    return this.view(who, row, await repo.sellerName(this.database.sql, row.sellerCompanyId))
  }

  /**
   * `article/paginate`: `mine` is the seller's own list (drafts too); otherwise the listed articles
   * of the seller named, for any member.
   */
  async page(who: Principal, req: ArticlePaginate): Promise<ArticlePage> {
    const limit = req.limit ?? 48
    const page = { kind: req.kind, search: req.search, limit, offset: ((req.page ?? 1) - 1) * limit }
    if (req.mine) {
      const seller = await this.sellerFor(who, req.sellerCompanyId)
      const { rows, count } = await repo.pageArticles(this.database.sql, { sellerCompanyId: seller.id, ...page })
      return { list: rows.map((r) => this.view(who, r, seller.name)), count, sellerName: seller.name }
    }
    if (!req.sellerCompanyId)
      throw invalidFields([{ field: 'sellerCompanyId', in: 'body', message: 'is required unless mine is true' }])
    const [{ rows, count }, name] = await Promise.all([
      repo.pageArticles(this.database.sql, { sellerCompanyId: req.sellerCompanyId, statuses: ['listed'], ...page }),
      repo.sellerName(this.database.sql, req.sellerCompanyId),
    ])
    return { list: rows.map((r) => this.view(who, r, name)), count, sellerName: name }
  }

  /**
   * `article/photo/upload`: one photo added at the end. Its content must be a jpg or png (the name
   * alone proves nothing), at most ARTICLE_PHOTO_MAX_BYTES, and the article must have room.
   */
  async addPhoto(who: Principal, articleId: string, file: IncomingFile, sellerCompanyId?: string): Promise<Article> {
    const refuse = async (err: unknown, done = false): Promise<never> => {
      // The file's bytes are still on the wire: read and dropped, so the answer is not cut short.
      if (!done) await drain(file.chunks)
      throw err
    }
    const seller = await this.sellerFor(who, sellerCompanyId).catch((err: unknown) => refuse(err))
    const article = await repo.findArticle(this.database.sql, articleId)
    if (!article || article.sellerCompanyId !== seller.id) return refuse(new AppError('E_NOT_FOUND'))
    const full = photoRefusal(article.photos.length)
    if (full) return refuse(fileProblem(full))
    const { head, read, done } = await peek(file.chunks, SNIFF_BYTES)
    const type = classify(file.name, head)
    if (!type || type.kind !== 'photo' || (type.ext !== 'jpg' && type.ext !== 'png'))
      return refuse(fileProblem('must be a jpg or png image (its content, not only its name)'), done)
    const key = photoKey(article.id, randomUUID(), type.ext)
    try {
      await this.objects.put(key, body(read, done, file.chunks, ARTICLE_PHOTO_MAX_BYTES), type.contentType)
    } catch (err) {
      if (err instanceof TooLarge)
        return refuse(new AppError('E_FILE_TOO_LARGE', { maxBytes: ARTICLE_PHOTO_MAX_BYTES }))
      throw err
    }
    try {
      const row = await this.database.sql.begin(async (tx) => {
        const updated = await repo.appendPhoto(tx, article.id, seller.id, key)
        if (updated) await this.changed(tx, updated, 'updated')
        return updated
      })
      // Deleted meanwhile, or filled by another upload at the same moment.
      if (!row) {
        const now = await repo.findArticle(this.database.sql, article.id)
        throw now ? fileProblem(photoRefusal(now.photos.length) ?? 'could not be added') : new AppError('E_NOT_FOUND')
      }
      return this.view(who, row, seller.name)
    } catch (err) {
      await this.forget([key])
      throw err
    }
  }

  /** `article/photo/delete`: one photo out; the others keep their order. */
  async deletePhoto(who: Principal, req: ArticlePhotoDelete): Promise<Article> {
    const seller = await this.sellerFor(who, req.sellerCompanyId)
    const article = await repo.findArticle(this.database.sql, req.id)
    const key = article?.photos.find((k) => photoOf(k)?.photoId === req.photo)
    if (!article || article.sellerCompanyId !== seller.id || !key) throw new AppError('E_NOT_FOUND')
    const row = await this.database.sql.begin(async (tx) => {
      const updated = await repo.removePhoto(tx, article.id, seller.id, key)
      if (updated) await this.changed(tx, updated, 'updated')
      return updated
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    await this.forget([key])
    return this.view(who, row, seller.name)
  }

  /** A photo for the public route: its bytes and type, or null (no such article or photo). */
  async openPhoto(
    articleId: string,
    photoId: string,
    ext: string,
  ): Promise<{ stream: Readable; contentType: string } | null> {
    const article = await repo.findArticle(this.database.sql, articleId)
    const key = article?.photos.find((k) => {
      const p = photoOf(k)
      return p?.photoId === photoId && p.ext === ext
    })
    if (!key) return null
    return { stream: await this.objects.get(key), contentType: ext === 'png' ? 'image/png' : 'image/jpeg' }
  }

  /** Deletes objects no row points at any more; a failure is left behind, never fails the caller. */
  private async forget(keys: readonly string[]) {
    await Promise.all(keys.map((k) => this.objects.delete(k).catch(() => {})))
  }

  private view(who: Principal, r: ArticleRow, sellerName: string): Article {
    const viewer = viewerOf(who)
    return {
      id: r.id,
      sellerCompanyId: r.sellerCompanyId,
      sellerName,
      kind: r.kind,
      name: r.name,
      description: r.description,
      priceUsd: visiblePrice(viewer, r),
      status: r.status,
      photos: r.photos.flatMap((k) => {
        const p = photoOf(k)
        return p ? [{ id: p.photoId, url: `${ARTICLE_MEDIA_BASE}/${r.id}/${p.photoId}.${p.ext}` }] : []
      }),
      mine: manages(viewer, r),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }
  }
}
