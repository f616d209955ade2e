import { describe, expect, it } from 'vitest'
import { MEDIA_MAX_BYTES, MEDIA_ZIP_MAX_ENTRIES, MEDIA_ZIP_MAX_UNPACKED } from '@diamond/contracts/http/media'
import {
  byteRange,
  classify,
  entryRefusal,
  isJunkEntry,
  keysOf,
  matchStone,
  ownsStone,
  safeLink,
  sniff,
  unsafeEntryName,
  zipRefusal,
  type Candidate,
  type Uploader,
} from './media.rules'

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ')
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')])
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 0, 0])

describe('what a file is, by its content', () => {
  it('knows jpeg, png, pdf, mp4 and zip by their magic bytes, and nothing else', () => {
    expect([JPEG, PNG, PDF, MP4, ZIP].map((b) => sniff(b))).toEqual(['jpeg', 'png', 'pdf', 'mp4', 'zip'])
    expect(sniff(Buffer.from('GIF89a......'))).toBeNull()
    expect(sniff(Buffer.from([0xff, 0xd8]))).toBeNull()
    expect(sniff(Buffer.alloc(0))).toBeNull()
  })

  it('takes a file only when its name and content agree', () => {
    expect(classify('ABC123.jpg', JPEG)).toEqual({ kind: 'photo', contentType: 'image/jpeg', ext: 'jpg' })
    expect(classify('abc123.JPEG', JPEG)).toEqual({ kind: 'photo', contentType: 'image/jpeg', ext: 'jpg' })
    expect(classify('ABC123.png', PNG)?.kind).toBe('photo')
    expect(classify('ABC123.mp4', MP4)?.kind).toBe('video')
    expect(classify('GIA 1234567.pdf', PDF)?.kind).toBe('certificate')
    // a PDF named .jpg, a png named .jpg, a script named .pdf, no extension, another extension
    expect(classify('ABC123.jpg', PDF)).toBeNull()
    expect(classify('ABC123.jpg', PNG)).toBeNull()
    expect(classify('ABC123.pdf', Buffer.from('#!/bin/sh\nrm -rf'))).toBeNull()
    expect(classify('ABC123', JPEG)).toBeNull()
    expect(classify('ABC123.gif', JPEG)).toBeNull()
    expect(classify('ABC123.mov', MP4)).toBeNull()
  })
})

describe('what a file name points at', () => {
  it('reads a stock number, a numbered extra photo, and a report number with or without its lab', () => {
    expect(keysOf('ABC123.jpg')).toEqual({ stockNos: [{ key: 'ABC123', position: 1 }], certNos: ['ABC123'] })
    expect(keysOf('abc123_2.jpg')?.stockNos).toEqual([
      { key: 'ABC123_2', position: 1 },
      { key: 'ABC123', position: 2 },
    ])
    expect(keysOf('GIA 1234567.pdf')?.certNos).toEqual(['GIA 1234567', '1234567'])
    expect(keysOf('igi_LG123.pdf')?.certNos).toEqual(['IGI_LG123', 'LG123'])
    expect(keysOf('folder/sub/ABC123.mp4')?.stockNos[0]).toEqual({ key: 'ABC123', position: 1 })
    expect(keysOf('C:\\photos\\ABC123.jpg')?.stockNos[0]?.key).toBe('ABC123')
  })

  it('takes no suffix beyond the tenth photo, and no empty or overlong name', () => {
    expect(keysOf('ABC123_11.jpg')?.stockNos).toHaveLength(1)
    expect(keysOf('ABC123_0.jpg')?.stockNos).toHaveLength(1)
    expect(keysOf('.jpg')).toBeNull()
    expect(keysOf(`${'A'.repeat(61)}.jpg`)).toBeNull()
  })
})

describe('which stone a file goes to', () => {
  const SHAH = 'c0000000-0000-4000-8000-000000000001'
  const SURAT = 'c0000000-0000-4000-8000-000000000002'
  const seller: Uploader = { staff: false, companyId: SHAH }
  const staff: Uploader = { staff: true, companyId: undefined }
  const stone = (id: string, vStnId: string, stoneId: string, certNo: string, company: string | null): Candidate => ({
    id,
    vStnId,
    stoneId,
    certNo,
    sellerCompanyId: company,
  })
  const mine = stone('1', 'S1', 'ABC123', '1234567', SHAH)
  const theirs = stone('2', 'S2', 'XYZ9', '7654321', SURAT)
  const twin = stone('3', 'S3', 'XYZ9', '', 'c0000000-0000-4000-8000-000000000003')
  const house = stone('4', 'S4', 'H1', '', null)

  it('matches by the portal number, the seller stock number, or the report number', () => {
    expect(matchStone(keysOf('S1.jpg')!, 'photo', seller, [mine])).toEqual({ ok: true, stone: mine, position: 1 })
    expect(matchStone(keysOf('abc123_3.png')!, 'photo', seller, [mine])).toEqual({ ok: true, stone: mine, position: 3 })
    expect(matchStone(keysOf('GIA 1234567.pdf')!, 'certificate', seller, [mine])).toMatchObject({ ok: true })
  })

  it('puts a second video or report in the first one’s place', () => {
    expect(matchStone(keysOf('ABC123_2.mp4')!, 'video', seller, [mine])).toMatchObject({ ok: true, position: 1 })
  })

  it('tells another seller’s stone from no stone at all', () => {
    expect(matchStone(keysOf('XYZ9.jpg')!, 'photo', seller, [theirs])).toEqual({ ok: false, reason: 'notYourStone' })
    expect(matchStone(keysOf('7654321.pdf')!, 'certificate', seller, [theirs])).toEqual({
      ok: false,
      reason: 'notYourStone',
    })
    expect(matchStone(keysOf('NOPE.jpg')!, 'photo', seller, [mine, theirs])).toEqual({ ok: false, reason: 'noStone' })
  })

  it('lets staff attach to any seller’s stone, but not guess between two', () => {
    expect(matchStone(keysOf('S2.jpg')!, 'photo', staff, [theirs])).toMatchObject({ ok: true })
    expect(matchStone(keysOf('XYZ9.jpg')!, 'photo', staff, [theirs, twin])).toEqual({ ok: false, reason: 'ambiguous' })
    // the seller's own one of two stones with one stock number is theirs
    expect(matchStone(keysOf('XYZ9.jpg')!, 'photo', { ...seller, companyId: SURAT }, [theirs, twin])).toEqual({
      ok: true,
      stone: theirs,
      position: 1,
    })
  })

  it('owns by the company id: never the house’s stock, never without a company', () => {
    expect(ownsStone(seller, mine)).toBe(true)
    expect(ownsStone(seller, theirs)).toBe(false)
    expect(ownsStone(seller, house)).toBe(false)
    expect(ownsStone({ staff: false, companyId: undefined }, house)).toBe(false)
    expect(ownsStone(staff, house)).toBe(true)
  })
})

describe('zips', () => {
  const entry = (uncompressedSize: number, compressedSize = uncompressedSize) => ({
    name: 'ABC123.jpg',
    uncompressedSize,
    compressedSize,
  })

  it('refuses a zip with too many entries or more than it may unpack to, before reading any', () => {
    expect(zipRefusal(MEDIA_ZIP_MAX_ENTRIES + 1, [])).toBe('zipBomb')
    expect(zipRefusal(3, [entry(MEDIA_ZIP_MAX_UNPACKED), entry(1)])).toBe('zipBomb')
    expect(zipRefusal(2, [entry(1000), entry(1000)])).toBeNull()
  })

  it('refuses an entry over its kind’s limit or packed like a bomb', () => {
    expect(entryRefusal(entry(MEDIA_MAX_BYTES.photo + 1), 'photo')).toBe('tooLarge')
    expect(entryRefusal(entry(MEDIA_MAX_BYTES.photo + 1), 'video')).toBeNull()
    expect(entryRefusal(entry(10 * 1024 * 1024, 10 * 1024), 'photo')).toBe('zipBomb')
    expect(entryRefusal(entry(2_000_000, 1_900_000), 'photo')).toBeNull()
    // a tiny file packs well and is no bomb
    expect(entryRefusal(entry(4000, 20), 'certificate')).toBeNull()
  })

  it('knows names that climb out, are absolute or carry control characters', () => {
    for (const n of [
      '../ABC123.jpg',
      'a/../../ABC123.jpg',
      '/etc/ABC123.jpg',
      'C:/x/ABC123.jpg',
      '..\\ABC123.jpg',
      'A\u0000.jpg',
    ])
      expect(unsafeEntryName(n), n).toBe(true)
    for (const n of ['ABC123.jpg', 'photos/ABC123.jpg', 'a..b.jpg']) expect(unsafeEntryName(n), n).toBe(false)
  })

  it('passes over folders and the files a Mac or Windows adds', () => {
    expect(['photos/', '__MACOSX/._ABC123.jpg', 'x/._ABC123.jpg', 'Thumbs.db'].every(isJunkEntry)).toBe(true)
    expect(isJunkEntry('photos/ABC123.jpg')).toBe(false)
  })
})

describe('media links from an upload file', () => {
  it('keeps absolute http(s) addresses and drops everything else', () => {
    expect(safeLink(' https://cdn.example.com/a b.jpg ')).toBe('https://cdn.example.com/a%20b.jpg')
    expect(safeLink('http://x.test/v.mp4')).toBe('http://x.test/v.mp4')
    for (const bad of [
      'javascript:alert(1)',
      '/relative.jpg',
      'ftp://x/y.pdf',
      'https://u:p@x.test/a',
      '',
      'x'.repeat(3000),
    ])
      expect(safeLink(bad), bad).toBe('')
  })
})

describe('byte ranges of a served file', () => {
  it('reads the forms a video player sends, and refuses what cannot be met', () => {
    expect(byteRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 })
    expect(byteRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 })
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 })
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=500-100', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    // not a range this answers: the whole file
    for (const h of ['bytes=0-1,5-9', 'items=0-1', 'bytes=-', 'garbage', 'bytes=99999999999999999-'])
      expect(byteRange(h, 1000), h).toBeNull()
  })
})
