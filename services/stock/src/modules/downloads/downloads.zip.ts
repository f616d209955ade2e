import yazl from 'yazl'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { plottingImage, stoneImage } from '../media/media.images'
import { mediaOf, type MediaHosts } from '../search/media.rules'
import { safeEntryName } from './downloads.rules'

/** The portal's own drawn media (the demo's default hosts): drawn here instead of fetched. */
const drawnHere = (host: string, kind: 'image' | 'plotting') =>
  host.replace(/\/+$/, '').endsWith(`/diamond-media/${kind}`)

/**
 * The certificate document of a stone: its lab and report number, the lab's own report check
 * (where the lab has one) and the certificate file's address on the certificate host (when the
 * portal has one). The portal keeps no certificate scans itself, so it never invents one.
 */
export function certificateText(row: StoneRow, hosts: MediaHosts): string {
  const m = mediaOf(row, hosts)
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

/**
 * One folder per stone (named by stone number): certificate.txt, and image.svg and plotting.svg
 * when the portal draws its own media. In memory: the request is limited to MAX_ZIP_STONES stones
 * of a few kilobytes each, and the length is then known before sending.
 */
export async function zipBuffer(rows: readonly StoneRow[], hosts: MediaHosts, now: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  const used = new Set<string>()
  for (const r of rows) {
    let dir = safeEntryName(r.vStnId)
    for (let n = 2; used.has(dir); n++) dir = `${safeEntryName(r.vStnId)}_${n}`
    used.add(dir)
    const drawable = { vStnId: r.vStnId, shape: r.shpNm, fancyColor: r.fcColNm, keyToSymbol: r.keyToSymbol }
    const opts = { mtime: now }
    zip.addBuffer(Buffer.from(certificateText(r, hosts)), `${dir}/certificate.txt`, opts)
    if (drawnHere(hosts.image, 'image')) zip.addBuffer(Buffer.from(stoneImage(drawable)), `${dir}/image.svg`, opts)
    if (drawnHere(hosts.plotting, 'plotting'))
      zip.addBuffer(Buffer.from(plottingImage(drawable)), `${dir}/plotting.svg`, opts)
  }
  const chunks: Buffer[] = []
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.on('end', resolve)
    zip.outputStream.on('error', reject)
  })
  zip.end()
  await done
  return Buffer.concat(chunks)
}
