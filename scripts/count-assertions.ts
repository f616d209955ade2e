/**
 * npm run count:assertions [-- --list]: how many type assertions the shipped source still makes,
 * in total and per package. A cast tells the compiler to stop checking: where the value's type can
 * come from a schema (a route's TypeBox schema, an event's contract), the cast should go.
 *
 * Counted, in non-test source (services/* /src, contracts/src, web/src; not *.test.ts(x), e2e or
 * scripts, which are not shipped):
 *  - assertions: every `x as T` and `<T>x` except `as const` (`as unknown as T` is two);
 *  - request casts: `req.body as T`, `request.query as T`, … (the route's schema types them);
 *  - event casts: `event.data as T` on an event (`e`, `ev`, `evt`, `event`, `…Event`): the event's
 *    type should narrow its data.
 * The last two are also in the first. `lines` is how many source lines hold an assertion, which is
 * what a grep counts (at 4145d4e: 518 assertions on 478 lines; the issue's "about 475" is close to
 * the line count). Syntax only (no type checking), so it runs in seconds.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '..')
const list = process.argv.includes('--list')

const SOURCE = /\.(ts|tsx|mts|cts)$/
const NOT_SHIPPED = /(\.test\.tsx?|\.d\.ts)$/
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'e2e', 'scripts', 'test', '__tests__'])

function* sourceFiles(dir: string): Generator<string> {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const e of entries) {
    const path = join(dir, e.name)
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) yield* sourceFiles(path)
    } else if (SOURCE.test(e.name) && !NOT_SHIPPED.test(e.name)) yield path
  }
}

/** The package a file belongs to, as the report groups it: services/<name>, contracts or web. */
function packages(): { name: string; dir: string }[] {
  const services = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: `services/${e.name}`, dir: join(ROOT, 'services', e.name, 'src') }))
  return [
    ...services,
    { name: 'contracts', dir: join(ROOT, 'contracts/src') },
    { name: 'web', dir: join(ROOT, 'web/src') },
  ]
}

type Kind = 'assertion' | 'request' | 'event'
interface Site {
  kind: Kind
  file: string
  line: number
  text: string
}

const REQUEST_PARTS = new Set(['body', 'query', 'params'])
const REQUEST_NAMES = new Set(['req', 'request'])
const EVENT_NAME = /^(e|ev|evt|event|\w*Event)$/

const unparenthesized = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ? unparenthesized(node.expression) : node

/** `receiver.name` with receiver an identifier (optional chaining too), or null. */
function member(node: ts.Expression): { receiver: string; name: string } | null {
  const n = unparenthesized(node)
  if (!ts.isPropertyAccessExpression(n) || !ts.isIdentifier(n.expression)) return null
  return { receiver: n.expression.text, name: n.name.text }
}

function sitesIn(file: string): Site[] {
  const text = readFileSync(file, 'utf8')
  const kindOfScript = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kindOfScript)
  const sites: Site[] = []
  const add = (kind: Kind, node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    sites.push({
      kind,
      file: relative(ROOT, file),
      line: line + 1,
      text: node.getText(source).replace(/\s+/g, ' ').slice(0, 120),
    })
  }
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !ts.isConstTypeReference(node.type)) {
      add('assertion', node)
      const m = member(node.expression)
      if (m && REQUEST_NAMES.has(m.receiver) && REQUEST_PARTS.has(m.name)) add('request', node)
      if (m && m.name === 'data' && EVENT_NAME.test(m.receiver)) add('event', node)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return sites
}

const KINDS: { kind: Kind; title: string }[] = [
  { kind: 'assertion', title: 'non-const type assertions' },
  { kind: 'request', title: 'req.body/query/params casts' },
  { kind: 'event', title: 'event.data casts' },
]

const rows = packages().map(({ name, dir }) => {
  const sites = [...sourceFiles(dir)].sort().flatMap(sitesIn)
  const lines = new Set(sites.filter((s) => s.kind === 'assertion').map((s) => `${s.file}:${s.line}`)).size
  return { name, sites, lines, count: (k: Kind) => sites.filter((s) => s.kind === k).length }
})

if (list) {
  for (const { kind, title } of KINDS) {
    console.log(`\n## ${title}`)
    for (const r of rows)
      for (const s of r.sites.filter((x) => x.kind === kind)) console.log(`${s.file}:${s.line}  ${s.text}`)
  }
  console.log()
}

const width = Math.max(...rows.map((r) => r.name.length), 'total'.length)
const line = (name: string, counts: number[]) =>
  [name.padEnd(width), ...counts.map((n) => String(n).padStart(10))].join('  ')
console.log([''.padEnd(width), ...['assertions', 'lines', 'request', 'event'].map((h) => h.padStart(10))].join('  '))
for (const r of rows) console.log(line(r.name, [r.count('assertion'), r.lines, r.count('request'), r.count('event')]))
const total = (k: Kind) => rows.reduce((n, r) => n + r.count(k), 0)
const totalLines = rows.reduce((n, r) => n + r.lines, 0)
console.log(line('total', [total('assertion'), totalLines, total('request'), total('event')]))
console.log()
console.log(`${KINDS[0]!.title}: ${total('assertion')} (on ${totalLines} lines)`)
for (const { kind, title } of KINDS.slice(1)) console.log(`${title}: ${total(kind)}`)
