import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { jpegSize, pngSize } from './image-size.rules'

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  return Buffer.concat([len, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]) // CRC not checked here
}

function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** SOI, an APP0 segment, optional fill bytes, a baseline frame header, EOI. */
function jpeg(width: number, height: number, opts: { sof?: number; fill?: boolean } = {}): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ])
  const sof = Buffer.from([
    0xff,
    opts.sof ?? 0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ])
  const dht = Buffer.from([0xff, 0xc4, 0x00, 0x04, 0x00, 0x00])
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    dht,
    opts.fill ? Buffer.from([0xff, 0xff]) : Buffer.alloc(0),
    sof,
    Buffer.from([0xff, 0xd9]),
  ])
}

describe('reading an image size from its header', () => {
  it('reads width and height of a png', () => {
    expect(pngSize(png(160, 160))).toEqual({ width: 160, height: 160 })
    expect(pngSize(png(1500, 312))).toEqual({ width: 1500, height: 312 })
  })

  it('refuses a png whose first chunk is not IHDR or that is cut short', () => {
    const bad = png(3, 2)
    bad.write('IDAT', 12, 'ascii')
    expect(pngSize(bad)).toBeNull()
    expect(pngSize(png(3, 2).subarray(0, 20))).toBeNull()
    expect(pngSize(Buffer.from('not a png at all, just some text'))).toBeNull()
  })

  it('reads width and height from a jpeg frame header after other segments', () => {
    expect(jpegSize(jpeg(640, 480))).toEqual({ width: 640, height: 480 })
    expect(jpegSize(jpeg(1500, 312, { sof: 0xc2 }))).toEqual({ width: 1500, height: 312 })
    expect(jpegSize(jpeg(7, 9, { fill: true }))).toEqual({ width: 7, height: 9 })
  })

  it('does not mistake a Huffman table segment for a frame header', () => {
    const onlyTables = Buffer.from([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x08, 0x00, 0x10, 0x00, 0x20, 0x00, 0x00, 0xff, 0xd9])
    expect(jpegSize(onlyTables)).toBeNull()
  })

  it('gives up on a jpeg with no frame header, a broken segment or a zero height', () => {
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull()
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x40, 0x00]))).toBeNull()
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0x12, 0x34]))).toBeNull()
    expect(jpegSize(jpeg(10, 0))).toBeNull()
    expect(jpegSize(jpeg(10, 10).subarray(0, 30))).toBeNull()
  })
})
