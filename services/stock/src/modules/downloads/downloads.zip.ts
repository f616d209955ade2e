import { Readable } from 'node:stream'
import yazl from 'yazl'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { plottingImage, stoneImage } from '../media/media.images'
import type { StoneMediaRow } from '../media/media.schema'
import { mediaOf, type MediaHosts, type OwnLinks } from '../search/media.rules'
import { safeEntryName } from './downloads.rules'

/** The portal's own drawn media (the demo's default hosts): drawn here instead of fetched. */
const drawnHere = (host: string, kind: 'image' | 'plotting') =>
  host.replace(/\/+$/, '').endsWith(`/diamond-media/${kind}`)

/**
 * The certificate document of a stone: its lab and report number, the lab's own report check
 * (where the lab has one) and the certificate file's address on the certificate host (when the
 * portal has one). The portal keeps no certificate scans itself, so it never invents one.
 */
export function certificateText(row: StoneRow, hosts: MediaHosts, own: OwnLinks = {}): string {
  const m = mediaOf(row, hosts, own)
  const lines = [`Stone No: ${row.vStnId}`, `Lab: ${row.lbNm || '-'}`, `Report No: ${row.certNo || '-'}`]
  if (!row.certNo) lines.push('', 'This stone has no lab report.')
  if (m.labVerify) lines.push('', `Check the report at the lab: ${m.labVerify}`)
  if (m.certificate) lines.push(`Certificate file: ${m.certificate}`)
  for (const [label, link, drawn] of [
    ['Image', m.image, drawnHere(hosts.image, 'image')],
    ['Plotting', m.plotting, drawnHere(hosts.plotting, 'plotting')],
    ['Video', m.video, false],
    ['X-ray', m.xray, false],
  ] as const) {
    if (link && !drawn) lines.push(`${label}: ${link}`)
  }
  return lines.join('\r\n') + '\r\n'
}

/** The stones' own uploaded files, and how to read one (the media module and its object store). */
export interface ZipMedia {
  files: ReadonlyMap<string, readonly StoneMediaRow[]>
  links: (row: StoneRow) => OwnLinks
  open: (key: string) => Promise<Readable>
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1)

/**
 * One folder per stone (named by stone number): certificate.txt, the stone's uploaded photos
 * (image.jpg, image_2.jpg, …), video (video.mp4) and certificate (certificate.pdf) when it has them,
 * and image.svg (the drawn outline, only for a stone without a photo) and plotting.svg when the
 * portal draws its own media. Uploaded files are read from the store one at a time as the zip is sent.
 */
function fillZip(zip: yazl.ZipFile, rows: readonly StoneRow[], hosts: MediaHosts, now: Date, media?: ZipMedia) {
  const used = new Set<string>()
  for (const r of rows) {
    let dir = safeEntryName(r.vStnId)
    for (let n = 2; used.has(dir); n++) dir = `${safeEntryName(r.vStnId)}_${n}`
    used.add(dir)
    const drawable = { vStnId: r.vStnId, shape: r.shpNm, fancyColor: r.fcColNm, keyToSymbol: r.keyToSymbol }
    const opts = { mtime: now }
    const files = (media?.files.get(r.id) ?? []).filter((f) => f.key && f.position >= 1)
    zip.addBuffer(Buffer.from(certificateText(r, hosts, media?.links(r))), `${dir}/certificate.txt`, opts)
    for (const f of files) {
      const name =
        f.kind === 'photo'
          ? `image${f.position > 1 ? `_${f.position}` : ''}`
          : f.kind === 'video'
            ? 'video'
            : 'certificate'
      // Stored media are compressed formats already: stored as they are, not deflated again.
      zip.addReadStreamLazy(`${dir}/${name}.${extOf(f.key!)}`, { ...opts, compress: false, size: f.size }, (cb) => {
        media!.open(f.key!).then(
          (s) => cb(null, s),
          (err: unknown) => cb(err, Readable.from([])),
        )
      })
    }
    if (drawnHere(hosts.image, 'image') && !files.some((f) => f.kind === 'photo'))
      zip.addBuffer(Buffer.from(stoneImage(drawable)), `${dir}/image.svg`, opts)
    if (drawnHere(hosts.plotting, 'plotting'))
      zip.addBuffer(Buffer.from(plottingImage(drawable)), `${dir}/plotting.svg`, opts)
  }
  zip.end()
}

/** Whether any of these stones has an uploaded file (the zip is then streamed, its length unknown). */
export const hasFiles = (rows: readonly StoneRow[], media: ZipMedia | undefined) =>
  !!media && rows.some((r) => media.files.get(r.id)?.some((f) => f.key && f.position >= 1))

/** The zip written while it is sent: for stones with uploaded files (videos make it large). */
export function zipStream(rows: readonly StoneRow[], hosts: MediaHosts, now: Date, media: ZipMedia): Readable {
  const zip = new yazl.ZipFile()
  fillZip(zip, rows, hosts, now, media)
  return zip.outputStream as Readable
}

/**
 * The zip in memory, for stones with nothing uploaded: the request is limited to MAX_ZIP_STONES
 * stones of a few kilobytes each, and the length is then known before sending.
 */
export async function zipBuffer(
  rows: readonly StoneRow[],
  hosts: MediaHosts,
  now: Date,
  media?: ZipMedia,
): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  const chunks: Buffer[] = []
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.on('end', resolve)
    zip.outputStream.on('error', reject)
  })
  fillZip(zip, rows, hosts, now, media)
  await done
  return Buffer.concat(chunks)
}
