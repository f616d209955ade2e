import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

// scripts/patch-postgres.mjs (npm's postinstall) fixes a crash of postgres.js 3.4.9 when a server
// dies: without it, one dead PostgreSQL ends the portal with an uncaught TypeError.
describe('the installed postgres.js', () => {
  it('carries the guard against writes after a closed connection', () => {
    const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..')
    for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
      expect(readFileSync(join(root, file), 'utf8')).toContain('diamond-portal: porsager/postgres#1208')
    }
  })
})
