import { randomBytes, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ObjectNotFound, type ObjectStore } from '../src/objects'

const from = (b: Buffer | string) => Readable.from([Buffer.from(b)])

/** A stream that gives some bytes, then fails, as a dropped upload does. */
function failing(after: Buffer): Readable {
  let sent = false
  return new Readable({
    read() {
      if (!sent) {
        sent = true
        this.push(after)
      } else this.destroy(new Error('connection reset'))
    },
  })
}

/** What every object store must do, run against the local folder and a real S3-compatible server alike. */
export function objectStoreContract(name: string, make: () => Promise<ObjectStore>) {
  describe(`object store: ${name}`, () => {
    let store: ObjectStore
    const prefix = `test/${randomUUID()}`
    beforeAll(async () => {
      store = await make()
    })
    afterAll(() => store?.close())

    it('gives back what was put, with its size', async () => {
      const key = `${prefix}/a/photo.jpg`
      const body = randomBytes(70_000)
      expect(await store.put(key, from(body), 'image/jpeg')).toEqual({ size: body.length })
      expect(await store.exists(key)).toBe(true)
      expect(Buffer.compare(await buffer(await store.get(key)), body)).toBe(0)
    })

    it('gives a byte range of an object (a video player seeks)', async () => {
      const key = `${prefix}/range.mp4`
      const body = randomBytes(10_000)
      await store.put(key, from(body), 'video/mp4')
      expect(
        Buffer.compare(await buffer(await store.get(key, { start: 100, end: 1099 })), body.subarray(100, 1100)),
      ).toBe(0)
      expect(Buffer.compare(await buffer(await store.get(key, { start: 9990, end: 9999 })), body.subarray(9990))).toBe(
        0,
      )
    })

    it('replaces an object put again under the same key', async () => {
      const key = `${prefix}/b.txt`
      await store.put(key, from('first'), 'text/plain')
      await store.put(key, from('second, longer'), 'text/plain')
      expect((await buffer(await store.get(key))).toString()).toBe('second, longer')
    })

    it('keeps an object larger than one upload part whole', async () => {
      const key = `${prefix}/video.mp4`
      const body = randomBytes(12 * 1024 * 1024 + 123)
      const chunks = Readable.from(
        (function* () {
          for (let i = 0; i < body.length; i += 64 * 1024) yield body.subarray(i, i + 64 * 1024)
        })(),
      )
      expect(await store.put(key, chunks, 'video/mp4')).toEqual({ size: body.length })
      expect(Buffer.compare(await buffer(await store.get(key)), body)).toBe(0)
    })

    it('answers ObjectNotFound for a key never put, and false to exists', async () => {
      await expect(store.get(`${prefix}/nothing.pdf`)).rejects.toBeInstanceOf(ObjectNotFound)
      expect(await store.exists(`${prefix}/nothing.pdf`)).toBe(false)
    })

    it('deletes, and deleting what is not there is no error', async () => {
      const key = `${prefix}/gone.png`
      await store.put(key, from('x'), 'image/png')
      await store.delete(key)
      expect(await store.exists(key)).toBe(false)
      await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFound)
      await store.delete(key)
    })

    it('stores nothing from a stream that fails, and keeps the object that was there', async () => {
      const fresh = `${prefix}/broken.mp4`
      await expect(store.put(fresh, failing(randomBytes(1000)), 'video/mp4')).rejects.toThrow()
      expect(await store.exists(fresh)).toBe(false)
      const kept = `${prefix}/kept.pdf`
      await store.put(kept, from('%PDF-1.7 old'), 'application/pdf')
      await expect(store.put(kept, failing(Buffer.from('%PDF-1.7 new')), 'application/pdf')).rejects.toThrow()
      expect((await buffer(await store.get(kept))).toString()).toBe('%PDF-1.7 old')
    })

    it('refuses keys that could leave its space', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '', 'a\\b', '.hidden'])
        await expect(store.put(key, from('x'), 'text/plain')).rejects.toThrow(/invalid object key/)
    })
  })
}
