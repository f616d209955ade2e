import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_MAX_PHOTOS,
  ARTICLE_NAME_MAX,
  ARTICLE_PRICE_MAX,
  type ArticleKind,
  type ArticleStatus,
} from '@diamond/contracts/http/articles'
import type { FieldProblem } from '../search/search.rules'

/** The fields a seller writes, as they arrive (any of them absent on an update). */
export interface ArticleInput {
  kind?: ArticleKind
  name?: string
  description?: string
  priceUsd?: number
  status?: ArticleStatus
}

/** The same fields once good: the name and description trimmed. */
export type ArticleValues = ArticleInput

/** Whether a number has at most 2 decimals (as a price typed in dollars and cents has). */
export function hasCents(n: number): boolean {
  // 0.1 + 0.2 style noise: a typed 19.99 arrives as 19.99, exactly what toFixed(2) prints.
  return Number.isFinite(n) && Number(n.toFixed(2)) === n
}

/**
 * What is wrong with an article's fields, each problem named by its field; on create every field
 * the article needs must be there. Answers the values as stored (trimmed) when nothing is wrong.
 */
export function checkArticle(
  input: ArticleInput,
  creating: boolean,
): { ok: true; values: ArticleValues } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const values: ArticleValues = {}
  const problem = (field: string, message: string) => problems.push({ field, in: 'body', message })
  if (input.kind !== undefined) values.kind = input.kind
  else if (creating) problem('kind', 'is required')
  if (input.name !== undefined) {
    const name = input.name.trim()
    if (!name) problem('name', 'is required')
    else if ([...name].length > ARTICLE_NAME_MAX) problem('name', `must be at most ${ARTICLE_NAME_MAX} characters`)
    else values.name = name
  } else if (creating) problem('name', 'is required')
  if (input.description !== undefined) {
    const description = input.description.trim()
    if ([...description].length > ARTICLE_DESCRIPTION_MAX)
      problem('description', `must be at most ${ARTICLE_DESCRIPTION_MAX} characters`)
    else values.description = description
  }
  if (input.priceUsd !== undefined) {
    const p = input.priceUsd
    if (!Number.isFinite(p) || p <= 0) problem('priceUsd', 'must be above 0')
    else if (p > ARTICLE_PRICE_MAX) problem('priceUsd', `must be at most ${ARTICLE_PRICE_MAX}`)
    else if (!hasCents(p)) problem('priceUsd', 'may have at most 2 decimals')
    else values.priceUsd = p
  } else if (creating) problem('priceUsd', 'is required')
  if (input.status !== undefined) values.status = input.status
  return problems.length ? { ok: false, problems } : { ok: true, values }
}

/** Who looks at an article, as the rules need it. */
export interface ArticleViewer {
  /** Operator staff: manage every seller's articles. */
  operator: boolean
  /** The viewer's company (a seller manages its own company's articles). */
  companyId: string | undefined
  /** Whether the viewer may see prices (the pricing right, and not Is_NoPrice). */
  seesPrices: boolean
}

/** Whether the viewer manages the article: its seller's people, or staff. */
export function manages(who: ArticleViewer, article: { sellerCompanyId: string }): boolean {
  return who.operator || (!!who.companyId && who.companyId === article.sellerCompanyId)
}

/** A listed article is every member's to read; a draft only its manager's. Others get "not found". */
export function visibleTo(who: ArticleViewer, article: { sellerCompanyId: string; status: ArticleStatus }): boolean {
  return article.status === 'listed' || manages(who, article)
}

/**
 * The price as the viewer may see it: its manager always sees what it asks; a member who may not
 * see prices gets null, hidden in the answer itself (never only on screen).
 */
export function visiblePrice(
  who: ArticleViewer,
  article: { sellerCompanyId: string; priceUsd: number },
): number | null {
  return manages(who, article) || who.seesPrices ? article.priceUsd : null
}

/** Why another photo cannot be added, or null: an article holds at most ARTICLE_MAX_PHOTOS. */
export function photoRefusal(photosNow: number): string | null {
  return photosNow >= ARTICLE_MAX_PHOTOS ? `at most ${ARTICLE_MAX_PHOTOS} photos per article` : null
}

/** An article photo's object key: the article's folder, the photo's own id, its stored extension. */
export const photoKey = (articleId: string, photoId: string, ext: 'jpg' | 'png'): string =>
  `articles/${articleId}/${photoId}.${ext}`

/** A photo key's parts, or null for a key that is not an article photo's. */
export function photoOf(key: string): { articleId: string; photoId: string; ext: 'jpg' | 'png' } | null {
  const m = /^articles\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.(jpg|png)$/.exec(key)
  return m ? { articleId: m[1]!, photoId: m[2]!, ext: m[3] as 'jpg' | 'png' } : null
}
