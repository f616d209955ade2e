import { describe, expect, it } from 'vitest'
import { classifyUpload, cleanFileName, extensionOf, sniff, uploadRefusal } from './upload.rules'

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0,
  0, 0,
])
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x02, 0x00, 0x05, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
])
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const TEXT = Buffer.from('hello, this is plain text pretending to be something else')
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00])

describe('what an uploaded file is', () => {
  it('tells png, jpeg and pdf by their first bytes, and nothing else', () => {
    expect(sniff(PNG)).toBe('png')
    expect(sniff(JPEG)).toBe('jpeg')
    expect(sniff(PDF)).toBe('pdf')
    expect(sniff(TEXT)).toBeNull()
    expect(sniff(EXE)).toBeNull()
    expect(sniff(Buffer.alloc(0))).toBeNull()
  })

  it('reads the extension in any letter case', () => {
    expect(extensionOf('Passport.JPG')).toBe('jpg')
    expect(extensionOf('scan.final.pdf')).toBe('pdf')
    expect(extensionOf('noextension')).toBeNull()
    expect(extensionOf('trailingdot.')).toBeNull()
  })

  it('accepts an allowed file whose name and content agree, with the size of an image', () => {
    expect(classifyUpload('logo.png', PNG)).toEqual({
      ok: true,
      kind: 'png',
      mimeType: 'image/png',
      size: { width: 4, height: 3 },
    })
    expect(classifyUpload('id.jpg', JPEG)).toMatchObject({
      ok: true,
      kind: 'jpeg',
      mimeType: 'image/jpeg',
      size: { width: 5, height: 2 },
    })
    expect(classifyUpload('id.JPEG', JPEG)).toMatchObject({ ok: true, kind: 'jpeg' })
    expect(classifyUpload('kyc.pdf', PDF)).toEqual({ ok: true, kind: 'pdf', mimeType: 'application/pdf', size: null })
  })

  it('refuses renamed text and programs, and a name that disagrees with the content', () => {
    expect(classifyUpload('photo.png', TEXT).ok).toBe(false)
    expect(classifyUpload('photo.png', EXE).ok).toBe(false)
    expect(classifyUpload('photo.pdf', PNG).ok).toBe(false)
    expect(classifyUpload('photo.jpg', PNG).ok).toBe(false)
    expect(classifyUpload('photo.gif', PNG).ok).toBe(false)
    expect(classifyUpload('photo', PNG).ok).toBe(false)
  })

  it('refuses an image whose header does not give a size', () => {
    expect(classifyUpload('broken.png', PNG.subarray(0, 12)).ok).toBe(false)
    expect(classifyUpload('broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])).ok).toBe(false)
  })

  it('keeps only the last part of a path and drops control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\passport.png')).toBe('passport.png')
    expect(cleanFileName('../../etc/pass\nwd.pdf')).toBe('passwd.pdf')
    expect(cleanFileName('   ')).toBe('file')
    expect(cleanFileName('a'.repeat(300) + '.png')).toHaveLength(200)
  })
})

describe('who may upload for which purpose', () => {
  it('lets anyone send registration documents', () => {
    for (const caller of ['member', 'guest', 'anonymous'] as const) {
      for (const purpose of ['photoId', 'businessProof', 'kyc'] as const)
        expect(uploadRefusal(purpose, caller)).toBeNull()
    }
  })

  it('keeps company images to signed-in members', () => {
    expect(uploadRefusal('logo', 'member')).toBeNull()
    expect(uploadRefusal('cover', 'guest')).toBe('E_GUEST_FORBIDDEN')
    expect(uploadRefusal('logo', 'anonymous')).toBe('E_UNAUTHORIZED')
  })
})
