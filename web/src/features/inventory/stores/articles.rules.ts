import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_MAX_PHOTOS,
  ARTICLE_NAME_MAX,
  ARTICLE_PHOTO_MAX_BYTES,
  ARTICLE_PRICE_MAX,
} from '@diamond/contracts/http/articles.values'

/** What the form can tell before sending (the server checks the same, and names the field). */
export type ArticleFieldProblem = 'nameRequired' | 'nameLong' | 'descriptionLong' | 'priceBad' | 'priceRange'

/**
 * A price as typed: digits with at most 2 decimals, a dot or a comma as the decimal mark, spaces and
 * thousands separators of the other mark left out ("12,500.50", "12.500,50", "12500"). null if not a price.
 */
export function parsePrice(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f']/g, '')
  if (!/^\d[\d.,]*$/.test(s)) return null
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','))
  const decimals = last >= 0 && s.length - last - 1 <= 2 ? s.slice(last + 1) : ''
  const whole = (decimals || last === s.length - 1 ? s.slice(0, last) : s).replace(/[.,]/g, '')
  if (!/^\d+$/.test(whole) || (last === s.length - 1 && last >= 0)) return null
  const n = Number(decimals ? `${whole}.${decimals}` : whole)
  return Number.isFinite(n) ? n : null
}

export function articleProblems(f: { name: string; description: string; price: string }): {
  name?: ArticleFieldProblem
  description?: ArticleFieldProblem
  price?: ArticleFieldProblem
} {
  const out: ReturnType<typeof articleProblems> = {}
  const name = f.name.trim()
  if (!name) out.name = 'nameRequired'
  else if ([...name].length > ARTICLE_NAME_MAX) out.name = 'nameLong'
  if ([...f.description.trim()].length > ARTICLE_DESCRIPTION_MAX) out.description = 'descriptionLong'
  const price = parsePrice(f.price)
  if (price === null) out.price = 'priceBad'
  else if (price <= 0 || price > ARTICLE_PRICE_MAX) out.price = 'priceRange'
  return out
}

/** Why a photo cannot go (before it is sent): its name's type, its size, or the article is full. */
export function photoProblem(file: { name: string; size: number }, photosNow: number): 'type' | 'size' | 'full' | null {
  if (photosNow >= ARTICLE_MAX_PHOTOS) return 'full'
  if (!/\.(jpe?g|png)$/i.test(file.name)) return 'type'
  if (file.size === 0 || file.size > ARTICLE_PHOTO_MAX_BYTES) return 'size'
  return null
}

export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png'
