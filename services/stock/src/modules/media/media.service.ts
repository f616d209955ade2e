import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import {
  MEDIA_MAX_BYTES,
  MEDIA_UPLOAD_MAX_BYTES,
  MEDIA_UPLOAD_MAX_FILES,
  type MediaDelete,
  type MediaFileResult,
  type MediaItem,
  type MediaKind,
  type MediaPage,
  type MediaPaginate,
  type MediaUploadReport,
} from '@diamond/contracts/http/media'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import type { ByteRange, ObjectStore } from '@diamond/runtime/objects'
import {
  candidates,
  deleteMedia,
  fileIn,
  mediaOfStones,
  pageMedia,
  stoneLinks,
  putFile,
  type MediaPageRow,
  type NewFile,
} from './media.repository'
import {
  CONTENT_TYPE_OF_EXT,
  SNIFF_BYTES,
  baseName,
  byteRange,
  classify,
  entryRefusal,
  isJunkEntry,
  isZipName,
  keysOf,
  lookupKeys,
  matchStone,
  objectKey,
  unsafeEntryName,
  zipRefusal,
  type Candidate,
  type Uploader,
  type ZipEntryInfo,
} from './media.rules'
import type { StoneMediaRow } from './media.schema'
import { body, budgeted, drain, peek, TooLarge, type Chunks } from './media.streams'
import { safeLink } from './media.rules'

/** A file of an upload as it arrives: its name as the sender gave it, and its bytes. */
export interface IncomingFile {
  name: string
  chunks: Chunks
}

/** Where the portal serves its own stored media (the route in media.routes.ts). */
export const MEDIA_BASE = '/web/v1/diamond-media'
/** The route's name for each kind: photos are the `image` the detail page has always shown. */
export const ROUTE_KIND: Record<MediaKind, 'image' | 'video' | 'certificate'> = {
  photo: 'image',
  video: 'video',
  certificate: 'certificate',
}

/** A stored file's public address: by stone number, position, and a version so a replaced file is fetched anew. */
export function fileUrl(vStnId: string, row: Pick<StoneMediaRow, 'id' | 'kind' | 'position' | 'key'>): string {
  const ext = row.key!.slice(row.key!.lastIndexOf('.') + 1)
  const n = row.position > 1 ? `n=${row.position}&` : ''
  return `${MEDIA_BASE}/${ROUTE_KIND[row.kind]}/${encodeURIComponent(vStnId)}.${ext}?${n}v=${row.id.slice(0, 8)}`
}

/** A stone's own media, as links: stored files first (by position), an upload file's link otherwise. */
export interface OwnMedia {
  image?: string
  photos: string[]
  video?: string
  certificate?: string
}

export function ownMediaOf(vStnId: string, rows: readonly StoneMediaRow[]): OwnMedia {
  const out: OwnMedia = { photos: [] }
  const pick = (kind: MediaKind) => {
    const files = rows.filter((r) => r.kind === kind && r.key).sort((a, b) => a.position - b.position)
    const links = rows.filter((r) => r.kind === kind && r.url).map((r) => r.url!)
    return [...files.map((r) => fileUrl(vStnId, r)), ...links]
  }
  out.photos = pick('photo')
  if (out.photos[0]) out.image = out.photos[0]
  const video = pick('video')[0]
  if (video) out.video = video
  const certificate = pick('certificate')[0]
  if (certificate) out.certificate = certificate
  return out
}

/** A file stored during an upload, kept until the upload's rows are committed. */
interface Stored extends NewFile {
  key: string
  result: MediaFileResult
}

const TOO_MUCH = () => new AppError('E_FILE_TOO_LARGE', { maxBytes: MEDIA_UPLOAD_MAX_BYTES })

/**
 * Entry names in a zip, read undecoded (yauzl would refuse the whole zip for one bad name; here that
 * entry alone is refused): UTF-8 when the zip says so (bit 11), else the old DOS code page, as Latin-1.
 */
function entryName(e: yauzl.Entry): string {
  const raw: unknown = e.fileName
  return Buffer.isBuffer(raw) ? raw.toString(e.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1') : String(raw)
}

/** A company id sent as a multipart field (JSON bodies are checked by their schema). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Stone media: bulk upload (files one by one or zips), matched to the uploader's stones by the stock
 * or certificate number in each file's name, kept in the object store; the seller's media list and
 * deletes; the public reads of stored files.
 */
export class MediaService {
  constructor(
    private readonly database: Database,
    readonly objects: ObjectStore,
    /** Stones whose stock number, seller stock number or report number is one of these (upper-cased) keys. */
    private readonly stonesByKey: (keys: readonly string[]) => string[],
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Sellers manage their own company's media; operator staff anyone's, or, naming a seller, that
   * seller's as the seller would. A seller naming another company gets "not found".
   */
  uploaderOf(who: Principal, sellerCompanyId?: string): Uploader {
    if (sellerCompanyId !== undefined && !UUID.test(sellerCompanyId))
      throw new AppError('E_VALIDATION', {
        fields: [{ field: 'sellerCompanyId', in: 'body', message: 'must be a uuid' }],
      })
    if (who.operator)
      return sellerCompanyId ? { staff: false, companyId: sellerCompanyId } : { staff: true, companyId: undefined }
    if (who.userType !== 'seller' || !who.companyId) throw new AppError('E_FORBIDDEN')
    if (sellerCompanyId && sellerCompanyId !== who.companyId) throw new AppError('E_NOT_FOUND')
    return { staff: false, companyId: who.companyId }
  }

  private async stonesFor(names: readonly string[]): Promise<Candidate[]> {
    const keys = names.flatMap((n) => {
      const k = keysOf(n)
      return k ? lookupKeys(k) : []
    })
    return candidates(this.database.sql, [...new Set(this.stonesByKey(keys))])
  }

  /**
   * Takes every file of an upload in turn. Files are stored as they arrive; their rows are written in
   * one transaction at the end, and the files they replace are deleted after it. An upload that fails
   * as a whole (over the request limit, a broken request) leaves nothing: what it stored is deleted.
   */
  async upload(
    who: Principal,
    files: AsyncIterable<IncomingFile>,
    sellerCompanyId?: string,
  ): Promise<MediaUploadReport> {
    const started = this.clock()
    const uploader = this.uploaderOf(who, sellerCompanyId)
    const results: MediaFileResult[] = []
    const stored: Stored[] = []
    const budget = { left: MEDIA_UPLOAD_MAX_BYTES }
    let count = 0
    try {
      for await (const f of files) {
        if (++count > MEDIA_UPLOAD_MAX_FILES)
          throw new AppError('E_VALIDATION', {
            fields: [{ field: 'file', in: 'body', message: `at most ${MEDIA_UPLOAD_MAX_FILES} files at once` }],
          })
        const chunks = budgeted(f.chunks, budget, TOO_MUCH)
        if (isZipName(f.name)) await this.takeZip(uploader, f.name, chunks, results, stored)
        else await this.takeFile(uploader, f.name, chunks, results, stored)
      }
      if (count === 0)
        throw new AppError('E_VALIDATION', { fields: [{ field: 'file', in: 'body', message: 'is required' }] })
      const replaced = await this.database.sql.begin(async (tx) => {
        const old: string[] = []
        for (const s of stored) {
          const key = await putFile(tx, s)
          if (key) old.push(key)
        }
        return old
      })
      await this.forget(replaced.filter((k) => !stored.some((s) => s.key === k)))
    } catch (err) {
      await this.forget(stored.map((s) => s.key))
      throw err
    }
    const matched = results.filter((r) => r.ok).length
    return {
      received: results.length,
      matched,
      unmatched: results.length - matched,
      durationMs: Math.max(0, Math.round(this.clock() - started)),
      files: results,
    }
  }

  /** Deletes objects no row points at any more; a failure is left for later, never fails the caller. */
  private async forget(keys: readonly string[]) {
    await Promise.all(keys.map((k) => this.objects.delete(k).catch(() => {})))
  }

  private async takeFile(who: Uploader, name: string, chunks: Chunks, results: MediaFileResult[], stored: Stored[]) {
    const file = baseName(name)
    const { head, read, done } = await peek(chunks, SNIFF_BYTES)
    const refuse = async (reason: MediaFileResult['reason']) => {
      if (!done) await drain(chunks)
      results.push({ file, ok: false, reason })
    }
    const type = classify(name, head)
    if (!type || type.kind === 'zip') return refuse('wrongType')
    const keys = keysOf(name)
    if (!keys) return refuse('noStone')
    const match = matchStone(keys, type.kind, who, await this.stonesFor([name]))
    if (!match.ok) return refuse(match.reason)
    const result = await this.store(
      file,
      { stone: match.stone, position: match.position, kind: type.kind, ext: type.ext, contentType: type.contentType },
      body(read, done, chunks, MEDIA_MAX_BYTES[type.kind]),
      stored,
    )
    // Past the limit the file's remaining bytes are still on the wire: read and dropped.
    if (!result.ok && !done) await drain(chunks)
    results.push(result)
  }

  private async store(
    file: string,
    t: { stone: Candidate; position: number; kind: MediaKind; ext: string; contentType: string },
    content: Readable,
    stored: Stored[],
  ): Promise<MediaFileResult> {
    const key = objectKey(t.stone.id, t.kind, randomUUID(), t.ext)
    try {
      const { size } = await this.objects.put(key, content, t.contentType)
      const result: MediaFileResult = {
        file,
        ok: true,
        stoneId: t.stone.id,
        vStnId: t.stone.vStnId,
        kind: t.kind,
        position: t.position,
        size,
      }
      // A later file for the same slot in the same upload wins; the earlier one is dropped.
      const twin = stored.findIndex((s) => s.stoneId === t.stone.id && s.kind === t.kind && s.position === t.position)
      if (twin >= 0) {
        await this.forget([stored[twin]!.key])
        stored.splice(twin, 1)
      }
      stored.push({
        stoneId: t.stone.id,
        kind: t.kind,
        position: t.position,
        key,
        contentType: t.contentType,
        size,
        fileName: file.slice(-200),
        result,
      })
      return result
    } catch (err) {
      if (err instanceof TooLarge) return { file, ok: false, reason: 'tooLarge' }
      throw err
    }
  }

  /**
   * A zip: spooled to a temporary file (a zip is read from its end), then its directory is checked
   * before anything is unpacked (entry count, what it claims to unpack to, each entry's packing
   * ratio and name), and each entry that names a stone of the uploader is unpacked into the store,
   * its size checked as it is read (yauzl refuses an entry that unpacks to more than it claimed).
   */
  private async takeZip(who: Uploader, name: string, chunks: Chunks, results: MediaFileResult[], stored: Stored[]) {
    const zipName = baseName(name)
    const dir = await mkdtemp(join(tmpdir(), 'media-zip-'))
    const path = join(dir, 'upload.zip')
    try {
      await pipeline(body([], false, chunks, MEDIA_UPLOAD_MAX_BYTES), createWriteStream(path))
      let zip: yauzl.ZipFile
      try {
        zip = await yauzl.openPromise(path, { decodeStrings: false, autoClose: false, validateEntrySizes: true })
      } catch {
        results.push({ file: zipName, ok: false, reason: 'badZip' })
        return
      }
      try {
        await this.unpack(who, zipName, zip, results, stored)
      } finally {
        zip.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  private async unpack(
    who: Uploader,
    zipName: string,
    zip: yauzl.ZipFile,
    results: MediaFileResult[],
    stored: Stored[],
  ) {
    if (zipRefusal(zip.entryCount, []) === 'zipBomb') {
      results.push({ file: zipName, ok: false, reason: 'zipBomb' })
      return
    }
    const entries: { entry: yauzl.Entry; info: ZipEntryInfo }[] = []
    try {
      for await (const entry of zip.eachEntry()) {
        const info = {
          name: entryName(entry),
          compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize,
        }
        if (!isJunkEntry(info.name)) entries.push({ entry, info })
      }
    } catch {
      results.push({ file: zipName, ok: false, reason: 'badZip' })
      return
    }
    const refusal = zipRefusal(
      zip.entryCount,
      entries.map((e) => e.info),
    )
    if (refusal) {
      results.push({ file: zipName, ok: false, reason: refusal })
      return
    }
    const stones = await this.stonesFor(entries.map((e) => e.info.name))
    for (const { entry, info } of entries) {
      const file = `${zipName}/${info.name}`
      const refuse = (reason: MediaFileResult['reason']) => results.push({ file, ok: false, reason })
      if (unsafeEntryName(info.name)) {
        refuse('badName')
        continue
      }
      // The name says what to expect; the content is checked once the entry is opened.
      const expected = classifyByName(info.name)
      if (!expected) {
        refuse('wrongType')
        continue
      }
      const early = entryRefusal(info, expected)
      if (early) {
        refuse(early)
        continue
      }
      const keys = keysOf(info.name)
      const match = keys ? matchStone(keys, expected, who, stones) : ({ ok: false, reason: 'noStone' } as const)
      if (!match.ok) {
        refuse(match.reason)
        continue
      }
      let stream: Readable | null = null
      try {
        stream = await zip.openReadStreamPromise(entry)
        const it: Chunks = stream[Symbol.asyncIterator]()
        const { head, read, done } = await peek(it, SNIFF_BYTES)
        const type = classify(info.name, head)
        if (!type || type.kind === 'zip') {
          refuse('wrongType')
          continue
        }
        results.push(
          await this.store(
            file,
            {
              stone: match.stone,
              position: match.position,
              kind: type.kind,
              ext: type.ext,
              contentType: type.contentType,
            },
            body(read, done, it, MEDIA_MAX_BYTES[type.kind]),
            stored,
          ),
        )
      } catch (err) {
        if (err instanceof AppError) throw err
        // A damaged entry (bad deflate data, a size that lies) spoils that entry, not the upload.
        refuse('badZip')
      } finally {
        stream?.destroy()
      }
    }
  }

  /** seller/media/paginate */
  async page(who: Principal, q: MediaPaginate): Promise<MediaPage> {
    const limit = q.limit ?? 100
    const { rows, count } = await pageMedia(this.database.sql, this.uploaderOf(who, q.sellerCompanyId), {
      kind: q.kind,
      search: q.search,
      limit,
      offset: ((q.page ?? 1) - 1) * limit,
    })
    return { list: rows.map(toItem), count }
  }

  /** seller/media/delete: all of them or none; the files go once the rows are gone. */
  async delete(who: Principal, req: MediaDelete): Promise<{ deleted: number }> {
    const uploader = this.uploaderOf(who, req.sellerCompanyId)
    const keys = await this.database.sql.begin((tx) => deleteMedia(tx, uploader, req.ids))
    if (!keys) throw new AppError('E_NOT_FOUND')
    await this.forget(keys.filter((k): k is string => !!k))
    return { deleted: keys.length }
  }

  /**
   * Every media row of these stones, by stone, with the links the stones' upload file gave (kept on
   * the stone by the inventory commit) as link rows where no link was recorded here.
   */
  async of(stoneIds: readonly string[]): Promise<Map<string, StoneMediaRow[]>> {
    const out = new Map<string, StoneMediaRow[]>()
    const add = (r: StoneMediaRow) => {
      const list = out.get(r.stoneId)
      if (list) list.push(r)
      else out.set(r.stoneId, [r])
    }
    const [rows, links] = await Promise.all([
      mediaOfStones(this.database.sql, stoneIds),
      stoneLinks(this.database.sql, stoneIds),
    ])
    rows.forEach(add)
    for (const l of links) {
      for (const [kind, link] of [
        ['photo', l.imageUrl],
        ['video', l.videoUrl],
        ['certificate', l.certificateUrl],
      ] as const) {
        const url = safeLink(link)
        if (url && !rows.some((r) => r.stoneId === l.id && r.kind === kind && r.position === 0))
          add({
            id: l.id,
            stoneId: l.id,
            kind,
            position: 0,
            key: null,
            url,
            contentType: '',
            size: 0,
            fileName: '',
            createdAt: new Date(0),
          })
      }
    }
    return out
  }

  /** A stored file of a stone for the public route: its row and bytes, or null. */
  async open(
    stoneId: string,
    kind: MediaKind,
    position: number,
    ext: string,
    range?: string,
  ): Promise<{ row: StoneMediaRow; stream: Readable | null; range: ByteRange | null } | null> {
    const row = await fileIn(this.database.sql, stoneId, kind, position)
    if (!row?.key?.endsWith(`.${ext}`) || !CONTENT_TYPE_OF_EXT[ext]) return null
    const wanted = range === undefined ? null : byteRange(range, row.size)
    // A range that cannot be met is answered without reading the object (416).
    if (wanted === 'unsatisfiable') return { row, stream: null, range: null }
    return { row, stream: await this.objects.get(row.key, wanted ?? undefined), range: wanted }
  }
}

/** An entry's kind by its extension alone (before its content is read). */
function classifyByName(name: string): MediaKind | null {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(baseName(name).trim())?.[1]?.toLowerCase()
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') return 'photo'
  if (ext === 'mp4') return 'video'
  if (ext === 'pdf') return 'certificate'
  return null
}

function toItem(r: MediaPageRow): MediaItem {
  return {
    id: r.id,
    stoneId: r.stoneId,
    vStnId: r.vStnId,
    stockNo: r.stockNo,
    certNo: r.certNo,
    kind: r.kind,
    position: r.position,
    url: r.key ? fileUrl(r.vStnId, r) : r.url!,
    link: !r.key,
    contentType: r.contentType,
    size: r.size,
    fileName: r.fileName,
    createdAt: r.createdAt.toISOString(),
  }
}
