import { describe, expect, it } from 'vitest'
import { fileProblem } from './upload'

const MiB = 1024 * 1024

describe('fileProblem', () => {
  it.each(['id.jpg', 'id.JPEG', 'scan.png', 'proof.pdf', 'my.photo.Png'])('accepts %s', (name) => {
    expect(fileProblem({ name, size: 1000 })).toBeNull()
  })

  it.each(['notes.txt', 'photo.gif', 'archive.pdf.zip', 'png', 'noextension', 'photo.png.'])(
    'refuses the type of %s',
    (name) => {
      expect(fileProblem({ name, size: 1000 })).toBe('type')
    },
  )

  it('accepts exactly 5 MiB and refuses one byte more', () => {
    expect(fileProblem({ name: 'a.png', size: 5 * MiB })).toBeNull()
    expect(fileProblem({ name: 'a.png', size: 5 * MiB + 1 })).toBe('size')
  })

  it('refuses an empty file', () => {
    expect(fileProblem({ name: 'a.pdf', size: 0 })).toBe('empty')
  })
})
