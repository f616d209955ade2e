import { describe, expect, it } from 'vitest'
import { classify } from '../media/media.rules'
import { demoPicture } from './articles.demo'

describe('the demo articles’ drawn photos', () => {
  it('are PNG images by their content, as an upload must be', () => {
    for (const p of ['ring', 'pendant', 'parcel'] as const) {
      const png = demoPicture(p)
      expect(classify(`${p}.png`, png.subarray(0, 64)), p).toMatchObject({ kind: 'photo', ext: 'png' })
      // 640 × 480 (the cards' 4:3), read back from the header.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 480])
    }
  })
})
