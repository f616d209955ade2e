import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { ARTICLE_STATUSES } from '../http/articles.values'

/**
 * A seller's article was created, changed (fields, status, photos) or deleted (topic
 * `stock.article`, keyed by article id). Nothing consumes it yet: it is there for the member
 * profile (issue 25) and followers' notices to build on, written in the same transaction as the
 * change (the outbox), so no consumer ever has to read stock's tables.
 */
export const ArticleEventTypes = {
  changed: 'stock.article.changed',
} as const

export const ArticleChanged = Type.Object(
  {
    articleId: Uuid,
    sellerCompanyId: Uuid,
    change: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
    /** Its status after the change (null once deleted). */
    status: Type.Union([literals(ARTICLE_STATUSES), Type.Null()]),
  },
  { additionalProperties: false },
)
export type ArticleChanged = Static<typeof ArticleChanged>
