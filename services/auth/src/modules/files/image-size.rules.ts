/** Width and height in pixels, read from an image's header without decoding it. */
export interface ImageSize {
  width: number
  height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!

/** PNG: the first chunk must be IHDR, whose first eight bytes are width and height (big-endian). */
export function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null
  const width = u32(b, 16)
  const height = u32(b, 20)
  return width > 0 && height > 0 ? { width, height } : null
}

// Start-of-frame markers carry the size: C0-CF except C4 (Huffman tables), C8 (reserved), CC (arithmetic coding).
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

/**
 * JPEG: walks the marker segments after SOI until a start-of-frame segment, which holds
 * precision (1 byte), height (2) and width (2). Image data (SOS) or the end (EOI) before any
 * frame header means the size cannot be told.
 */
export function jpegSize(b: Uint8Array): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null
  let i = 2
  while (i < b.length) {
    if (b[i] !== 0xff) return null
    while (b[i] === 0xff) i++ // fill bytes
    if (i >= b.length) return null
    const marker = b[i]!
    // Segments without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i++
      continue
    }
    if (marker === 0xd9 || marker === 0xda || marker === 0xd8) return null
    if (i + 2 >= b.length) return null
    const length = u16(b, i + 1)
    if (length < 2) return null
    if (isStartOfFrame(marker)) {
      if (length < 7 || i + 7 >= b.length) return null
      const height = u16(b, i + 4)
      const width = u16(b, i + 6)
      // A height of 0 defers it to a DNL segment after the image data: not worth chasing.
      return width > 0 && height > 0 ? { width, height } : null
    }
    i += 1 + length
  }
  return null
}
