import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_KINDS,
  ARTICLE_MAX_PHOTOS,
  ARTICLE_PRICE_MAX,
  ARTICLE_STATUSES,
} from './articles.values'

export * from './articles.values'

/**
 * Seller articles (`article/*`): a seller's jewellery, parcels and other goods with a name, a
 * description, photos and a price. Sellers manage their own company's; operator staff name the
 * seller (`sellerCompanyId`); members read a seller's listed ones.
 */

const Kind = literals(ARTICLE_KINDS)
const Status = literals(ARTICLE_STATUSES)
const SellerScope = { sellerCompanyId: Type.Optional(Uuid) }

/**
 * The fields a seller writes. The schema bounds their types; the rules (`articles.rules.ts`) say
 * what a good value is (a name of 1 to 120 characters once trimmed, a price above 0 with 2 decimals).
 */
const Fields = {
  kind: Kind,
  name: Type.String({ maxLength: 1000 }),
  description: Type.Optional(Type.String({ maxLength: ARTICLE_DESCRIPTION_MAX * 2 })),
  priceUsd: Type.Number({ maximum: ARTICLE_PRICE_MAX * 10 }),
  status: Type.Optional(Status),
}

/** `article/create`: a new article (a draft unless `status: 'listed'`). */
export const ArticleCreate = Type.Object({ ...Fields, ...SellerScope }, { additionalProperties: false })
export type ArticleCreate = Static<typeof ArticleCreate>

/** `article/update`: the fields given change, the others stay. */
export const ArticleUpdate = Type.Object(
  {
    id: Uuid,
    kind: Type.Optional(Fields.kind),
    name: Type.Optional(Fields.name),
    description: Fields.description,
    priceUsd: Type.Optional(Fields.priceUsd),
    status: Fields.status,
    ...SellerScope,
  },
  { additionalProperties: false },
)
export type ArticleUpdate = Static<typeof ArticleUpdate>

/** `article/delete`: every id must be the seller's (else E_NOT_FOUND and nothing is deleted). */
export const ArticleDelete = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true }), ...SellerScope },
  { additionalProperties: false },
)
export type ArticleDelete = Static<typeof ArticleDelete>

export const ArticleById = Type.Object({ id: Uuid, ...SellerScope }, { additionalProperties: false })
export type ArticleById = Static<typeof ArticleById>

/**
 * `article/paginate`: `mine: true` is the seller's own (drafts too; staff name `sellerCompanyId`);
 * otherwise `sellerCompanyId` names the seller whose listed articles any member reads.
 */
export const ArticlePaginate = Type.Object(
  {
    sellerCompanyId: Type.Optional(Uuid),
    mine: Type.Optional(Type.Boolean()),
    /** Part of the name or the description (any case). */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    kind: Type.Optional(Kind),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 48 })),
  },
  { additionalProperties: false },
)
export type ArticlePaginate = Static<typeof ArticlePaginate>

/** `article/photo/delete`: one photo of an article, by its id (the `id` of one of `photos`). */
export const ArticlePhotoDelete = Type.Object(
  { id: Uuid, photo: Uuid, ...SellerScope },
  { additionalProperties: false },
)
export type ArticlePhotoDelete = Static<typeof ArticlePhotoDelete>

export const ArticlePhoto = Type.Object({
  id: Uuid,
  /** The portal's own address of the photo (`/web/v1/article-media/…`). */
  url: Type.String(),
})
export type ArticlePhoto = Static<typeof ArticlePhoto>

export const Article = Type.Object({
  id: Uuid,
  sellerCompanyId: Uuid,
  /** The seller company's name as stock knows it ('' when unknown). */
  sellerName: Type.String(),
  kind: Kind,
  name: Type.String(),
  description: Type.String(),
  /** null for a member who may not see prices (Is_NoPrice, or no pricing right). */
  priceUsd: Type.Union([Type.Number(), Type.Null()]),
  status: Status,
  photos: Type.Array(ArticlePhoto, { maxItems: ARTICLE_MAX_PHOTOS }),
  /** Whether the caller manages it (its seller, or staff). */
  mine: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Article = Static<typeof Article>

export const ArticlePage = Type.Object({
  list: Type.Array(Article),
  count: Type.Integer(),
  /** The seller's name, for the page's title ('' when unknown). */
  sellerName: Type.String(),
})
export type ArticlePage = Static<typeof ArticlePage>

export const ArticlesDeleted = Type.Object({ deleted: Type.Integer() })
export type ArticlesDeleted = Static<typeof ArticlesDeleted>
