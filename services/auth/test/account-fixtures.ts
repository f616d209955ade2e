import { deflateSync } from 'node:zlib'
import type { TestPortal } from '../../../test/portal'

// Small, real files made in the test: a PNG that image viewers open, a JPEG header, a PDF.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(b: Buffer): number {
  let c = 0xffffffff
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** A valid truecolour PNG of the given size, all white. */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xff)])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The header of a baseline JPEG (SOI, JFIF, frame header) and its end marker. */
export function jpeg(width: number, height: number): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ]),
    Buffer.from([
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      0x03,
      0x01,
      0x22,
      0x00,
      0x02,
      0x11,
      0x01,
      0x03,
      0x11,
      0x01,
    ]),
    Buffer.from([0xff, 0xd9]),
  ])
}

export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  )

export interface UploadOptions {
  purpose: string
  name: string
  content: Buffer
  token?: string
  /** The client address, through X-Forwarded-For (believed from loopback). */
  from?: string
  /** Send the file before the purpose. */
  fileFirst?: boolean
}

/** upload-file as a browser sends it: multipart, `purpose` first, then `file`. */
export async function upload(portal: TestPortal, o: UploadOptions) {
  const form = new FormData()
  const file = new Blob([new Uint8Array(o.content)], { type: 'application/octet-stream' })
  if (o.fileFirst) form.append('file', file, o.name)
  form.append('purpose', o.purpose)
  if (!o.fileFirst) form.append('file', file, o.name)
  const res = await fetch(`${portal.base}/web/v1/upload-file`, {
    method: 'POST',
    headers: {
      ...(o.token ? { authorization: `JWT ${o.token}` } : {}),
      ...(o.from ? { 'x-forwarded-for': o.from } : {}),
    },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as { code: string; message: string; data: any } }
}

/** GET upload-file/:id: the status and, when it worked, the bytes and headers. */
export async function download(portal: TestPortal, id: string, token: string) {
  const res = await fetch(`${portal.base}/web/v1/upload-file/${id}`, { headers: { authorization: `JWT ${token}` } })
  const bytes = Buffer.from(await res.arrayBuffer())
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes,
  }
}

let addressSeq = 0
/** A fresh client address, so one test's signed-out calls do not count against another's. */
export const freshAddress = () => `198.51.100.${++addressSeq}`

/** A complete, valid registration form (its photo ID still to be uploaded). */
export function registrationForm(n: string, photoIdFileId: string) {
  return {
    firstName: 'Noa',
    middleName: 'R',
    lastName: `Tester${n}`,
    username: `newbuyer${n}`,
    password: 'Brilliant#2026',
    confirmPassword: 'Brilliant#2026',
    email: `newbuyer${n}@example.test`,
    mobile: '+972 3 555 0101',
    companyName: `Ramat Gan Gems ${n}`,
    businessType: 'wholesaler',
    addressLine1: '1 Jabotinsky St',
    addressLine2: 'Diamond Exchange, Tower B',
    country: 'Israel',
    state: 'Tel Aviv',
    city: 'Ramat Gan',
    pinCode: '52520',
    documentType: 'passport',
    photoIdFileId,
    undertaking: true,
    termsAccepted: true,
  }
}

/** A guest token (guest/auth/login). */
export async function guestToken(portal: TestPortal): Promise<string> {
  const r = await portal.call('guest/auth/login', {
    name: 'Gil Guest',
    companyName: 'Just Looking',
    contactNumber: '+1 555 0100',
    email: 'gil@example.test',
  })
  if (r.body.code !== 'OK') throw new Error(`guest login: ${JSON.stringify(r.body)}`)
  return r.body.data.token.jwt as string
}

/** A call with another HTTP method (PUT user/update). */
export async function callWith(portal: TestPortal, method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${portal.base}/web/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code: string; message: string; data: any } }
}
