import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'

// scripts/patch-postgres.mjs (npm's postinstall) fixes a crash of postgres.js 3.4.9 when a server
// dies: without it, one dead PostgreSQL ends the portal with an uncaught TypeError. And it makes a
// query settle through methods, not closures of its own: with those, every row a query answered
// lived through the young generation's collections into the old one.
describe('the installed postgres.js', () => {
  it('carries the guard against writes after a closed connection', () => {
    const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..')
    for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
      expect(readFileSync(join(root, file), 'utf8')).toContain('diamond-portal: porsager/postgres#1208')
    }
  })

  it('settles a query through its methods, holding no closure of its own over its result', async () => {
    // Never sent: a query runs once its own then() is called; Promise's then() only listens.
    const sql = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1 })
    const q = sql.unsafe('select 1')
    expect(Object.hasOwn(q, 'resolve')).toBe(false)
    expect(Object.hasOwn(q, 'reject')).toBe(false)
    const settled: unknown[] = []
    void Promise.prototype.then.call(q, (v: unknown) => settled.push(v))
    ;(q as unknown as { resolve(x: unknown): void }).resolve(['row'])
    await new Promise((r) => setImmediate(r))
    expect(settled).toEqual([['row']])
    await sql.end({ timeout: 0 })
  })
})
