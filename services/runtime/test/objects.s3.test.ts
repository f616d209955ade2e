import { randomUUID } from 'node:crypto'
import { expect, inject, it } from 'vitest'
import { s3Store, type S3Settings } from '../src/objects'
import { objectStoreContract } from './objects.contract'

// No skip switch: the kafka tier's global setup starts a real SeaweedFS, and a server that cannot be
// reached fails these tests instead of quietly passing them by.
const settings = JSON.parse(inject('s3')) as S3Settings

objectStoreContract('S3 (SeaweedFS)', () => s3Store(settings))

it('creates its bucket when it is not there yet', async () => {
  const store = await s3Store({ ...settings, bucket: `media-${randomUUID().slice(0, 8)}` })
  try {
    await store.put('a/b.txt', (await import('node:stream')).Readable.from([Buffer.from('x')]), 'text/plain')
    expect(await store.exists('a/b.txt')).toBe(true)
  } finally {
    store.close()
  }
})

it('is refused with the wrong secret', async () => {
  await expect(s3Store({ ...settings, secretAccessKey: 'not-the-secret' })).rejects.toThrow()
})
