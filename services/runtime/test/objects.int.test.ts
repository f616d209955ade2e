import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { folderStore } from '../src/objects'
import { objectStoreContract } from './objects.contract'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

objectStoreContract('local folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'objects-'))
  dirs.push(dir)
  return folderStore(dir)
})

it('leaves no temporary file behind a failed put', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'objects-'))
  dirs.push(dir)
  const store = folderStore(dir)
  const { Readable } = await import('node:stream')
  const bad = new Readable({
    read() {
      this.destroy(new Error('gone'))
    },
  })
  await expect(store.put('a/b.jpg', bad, 'image/jpeg')).rejects.toThrow('gone')
  expect(await readdir(join(dir, 'a'))).toEqual([])
})
