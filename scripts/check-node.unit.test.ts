import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { required, satisfies } from './check-node.mjs'

const root = new URL('..', import.meta.url).pathname

describe('the Node version check', () => {
  it('accepts the lowest version of the range and later ones, refuses earlier ones', () => {
    expect(satisfies('22.12.0', '>=22.12')).toBe(true)
    expect(satisfies('v24.21.0', '>=22.12')).toBe(true)
    expect(satisfies('23.0.0', '>=22.12')).toBe(true)
    expect(satisfies('22.11.9', '>=22.12')).toBe(false)
    expect(satisfies('20.20.2', '>=22.12')).toBe(false)
    expect(satisfies('22.22.0', '>=22.22.1')).toBe(false)
  })

  it('stops a script on an older Node with what to do', () => {
    const r = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import('./scripts/check-node.mjs').then((m) => m.checkNode('20.20.2'))`],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
    expect(r.status).toBe(1)
    expect(r.stderr).toContain(`needs Node ${required}`)
    expect(r.stderr).toContain('node_modules/.bin')
  })

  // npm scripts and npx put node_modules/.bin first on PATH, where the `node` devDependency is:
  // vitest, its workers and everything they spawn run on the Node of .nvmrc, not the system's.
  it('runs the tests on the Node of .nvmrc', () => {
    expect(satisfies(process.versions.node, required)).toBe(true)
    expect(process.versions.node.split('.')[0]).toBe(readFileSync(`${root}.nvmrc`, 'utf8').trim())
  })
})
