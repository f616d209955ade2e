// Stops a script that runs on a Node older than package.json's `engines`, saying what to do, instead
// of letting it fail later in some dependency. The system Node of a fresh machine may be older (20);
// `npm install` puts Node 24 (the `node` devDependency) in node_modules/.bin, which npm scripts and
// npx put first on PATH, so `npm start` and `npm test` run on it.
import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

/** The lowest version a `>=X.Y[.Z]` range accepts, as [major, minor, patch]. */
export function lowestOf(range) {
  const m = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range)
  if (!m) throw new Error(`engines.node must read ">=X.Y", found "${range}"`)
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)]
}

/** Whether `version` (e.g. "24.21.0" or "v20.20.2") is at least the lowest of `range`. */
export function satisfies(version, range) {
  const have = version.replace(/^v/, '').split('.').map(Number)
  const want = lowestOf(range)
  for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) > want[i]
  return true
}

export const required = pkg.engines.node

export function checkNode(version = process.versions.node) {
  if (satisfies(version, required)) return
  console.error(
    [
      `This project needs Node ${required} (24 LTS recommended); this is Node ${version} (${process.execPath}).`,
      '`npm install` puts Node 24 in node_modules/.bin (the `node` devDependency): run the project through',
      'npm scripts (`npm start`, `npm test`, `npm run …`) or `npx`, which put node_modules/.bin first on PATH.',
      'If node_modules/.bin/node is missing, the install skipped its install script: run `npm install` again',
      '(package.json "allowScripts" lists `node`), or use Node 24 from nvm (`nvm use`, see .nvmrc).',
    ].join('\n'),
  )
  process.exit(1)
}

// `node scripts/check-node.mjs` checks the Node it runs on.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) checkNode()
