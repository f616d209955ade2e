import type {
  Article,
  ArticleKind,
  ArticlePage,
  ArticleStatus,
  ArticlesDeleted,
} from '@diamond/contracts/http/articles'
import { api } from '../../../lib/api'
import { postMultipart } from '../../../lib/upload'
import { scopeFields } from '../stores/inventory.rules'
import { currentScope } from '../stores/seller'

export type { Article, ArticleKind, ArticlePage, ArticleStatus } from '@diamond/contracts/http/articles'

/** The fields the seller edits (the server trims and checks them: article rules). */
export interface ArticleFields {
  kind: ArticleKind
  name: string
  description: string
  priceUsd: number
  status: ArticleStatus
}

/** The seller's own articles, drafts too (staff: the seller they act for). */
export const myArticles = (page: number, limit: number, search: string) =>
  api<ArticlePage>(
    'article/paginate',
    { mine: true, page, limit, ...(search ? { search } : {}), ...currentScope() },
    { loader: true },
  )

/** A seller's listed articles, as any member sees them. */
export const sellerArticles = (sellerCompanyId: string, page: number, limit: number) =>
  api<ArticlePage>('article/paginate', { sellerCompanyId, page, limit }, { loader: true })

export const createArticle = (fields: ArticleFields) =>
  api<Article>('article/create', { ...fields, ...currentScope() }, { loader: true })
export const updateArticle = (id: string, fields: Partial<ArticleFields>) =>
  api<Article>('article/update', { id, ...fields, ...currentScope() }, { loader: true })
export const deleteArticles = (ids: readonly string[]) =>
  api<ArticlesDeleted>('article/delete', { ids, ...currentScope() }, { loader: true })
export const deleteArticlePhoto = (id: string, photo: string) =>
  api<Article>('article/photo/delete', { id, photo, ...currentScope() }, { loader: true })

/** One photo, with upload progress; the server checks its content (jpg or png) and the limit of 8. */
export const uploadArticlePhoto = (articleId: string, file: File, onProgress: (fraction: number) => void) =>
  postMultipart<Article>(
    'article/photo/upload',
    [...scopeFields(currentScope()), ['articleId', articleId], ['file', file]],
    onProgress,
  )
