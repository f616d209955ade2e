import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { MEDIA_KINDS, MEDIA_REASONS } from './media.values'

export * from './media.values'

const Kind = literals(MEDIA_KINDS)

/** One file of a media upload (a zip's entries each get their own line, named `zip/entry`). */
export const MediaFileResult = Type.Object({
  file: Type.String(),
  ok: Type.Boolean(),
  /** The stone it was attached to (when ok). */
  stoneId: Type.Optional(Uuid),
  vStnId: Type.Optional(Type.String()),
  kind: Type.Optional(Kind),
  /** 1 for the main photo, 2… for the others (`ABC123_2.jpg`). */
  position: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.Integer()),
  reason: Type.Optional(literals(MEDIA_REASONS)),
})
export type MediaFileResult = Static<typeof MediaFileResult>

/** `seller/media/upload`: what the upload did, file by file. */
export const MediaUploadReport = Type.Object({
  received: Type.Integer(),
  matched: Type.Integer(),
  unmatched: Type.Integer(),
  durationMs: Type.Integer(),
  files: Type.Array(MediaFileResult),
})
export type MediaUploadReport = Static<typeof MediaUploadReport>

/** `seller/media/paginate`: the caller's media (staff: everyone's), newest first, one kind or all. */
export const MediaPaginate = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
    kind: Type.Optional(Kind),
    /** A stock or certificate number, or its beginning. */
    search: Type.Optional(Type.String({ maxLength: 60 })),
    /** Staff: only this seller's media (as the seller sees them). */
    sellerCompanyId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type MediaPaginate = Static<typeof MediaPaginate>

export const MediaItem = Type.Object({
  id: Uuid,
  stoneId: Uuid,
  vStnId: Type.String(),
  stockNo: Type.String(),
  certNo: Type.String(),
  kind: Kind,
  position: Type.Integer(),
  /** Where a browser shows it: the portal's own address for an uploaded file, the seller's link otherwise. */
  url: Type.String(),
  /** An outside link taken from an upload file's image/video/certificate column (no file kept here). */
  link: Type.Boolean(),
  contentType: Type.String(),
  size: Type.Integer(),
  fileName: Type.String(),
  createdAt: Type.String(),
})
export type MediaItem = Static<typeof MediaItem>

export const MediaPage = Type.Object({ list: Type.Array(MediaItem), count: Type.Integer() })
export type MediaPage = Static<typeof MediaPage>

/** `seller/media/delete`: every id must be the caller's (else E_NOT_FOUND and nothing is deleted). */
export const MediaDelete = Type.Object(
  {
    ids: Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true }),
    /** Staff: acting for this seller (its media only). */
    sellerCompanyId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type MediaDelete = Static<typeof MediaDelete>
