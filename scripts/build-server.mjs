// Compiles the server workspaces to JavaScript: <workspace>/src/**/*.ts → <workspace>/dist/**/*.js,
// for `node services/<name>/dist/server.js` without tsx (the Docker image runs these).
//
// The sources import the way the bundler resolution of tsconfig.json allows: relative paths without
// an extension ('./errors') and workspace packages by name ('@diamond/runtime'), which point at .ts
// files. Node resolves neither in plain JavaScript, so the compiler's own resolution rewrites each
// such import to the relative path of the compiled file ('./errors.js', '../../runtime/dist/index.js').
// Third-party packages stay as written. Type errors fail the build. dist/ keeps src/'s depth, so
// paths built from import.meta.url (migrations, web/dist) are the same in both.
import { existsSync, readdirSync, realpathSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// contracts and every folder of services/ with sources: a new service is compiled without a change here.
export const WORKSPACES = [
  'contracts',
  ...readdirSync(join(REPO, 'services'))
    .filter((d) => existsSync(join(REPO, 'services', d, 'src')))
    .sort()
    .map((d) => `services/${d}`),
]

const config = ts.getParsedCommandLineOfConfigFile(
  join(REPO, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) },
)
const options = {
  ...config.options,
  noEmit: false,
  noEmitOnError: true,
  outDir: join(REPO, '.build-out'), // never written: writeFile below sends each file to its workspace's dist/
  rootDir: REPO,
  sourceMap: false,
  declaration: false,
  incremental: false,
  tsBuildInfoFile: undefined,
  types: ['node'],
  jsx: undefined,
}
const isSource = (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !/\.(unit|int|kafka|e2e)\.test\.ts$/.test(f)
const roots = WORKSPACES.flatMap((w) => ts.sys.readDirectory(join(REPO, w, 'src'), ['.ts']).filter(isSource))
const host = ts.createCompilerHost(options)
const program = ts.createProgram(roots, options, host)

/** <workspace>/src/a/b.ts → <workspace>/dist/a/b.js; null for a file that is not ours to compile. */
function distOf(file) {
  const rel = relative(REPO, realpathSync(file)).split(sep).join('/')
  const ws = WORKSPACES.find((w) => rel.startsWith(`${w}/src/`))
  if (!ws || !isSource(rel)) return null
  return join(REPO, ws, 'dist', rel.slice(ws.length + '/src/'.length).replace(/\.ts$/, '.js'))
}

function rewrite(specifier, sourceFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, sourceFile.fileName, options, host)
  if (!resolvedModule) return null
  const target = distOf(resolvedModule.resolvedFileName)
  const from = distOf(sourceFile.fileName)
  if (!target || !from) return null
  const rel = relative(dirname(from), target).split(sep).join('/')
  return rel.startsWith('.') ? rel : `./${rel}`
}

/** Points every import of our own code at its compiled file. */
const specifiers = (context) => (sourceFile) => {
  const f = context.factory
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const to = rewrite(node.moduleSpecifier.text, sourceFile)
      if (to) {
        return ts.isImportDeclaration(node)
          ? f.updateImportDeclaration(
              node,
              node.modifiers,
              node.importClause,
              f.createStringLiteral(to),
              node.attributes,
            )
          : f.updateExportDeclaration(
              node,
              node.modifiers,
              node.isTypeOnly,
              node.exportClause,
              f.createStringLiteral(to),
              node.attributes,
            )
      }
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const to = rewrite(node.arguments[0].text, sourceFile)
      if (to)
        return f.updateCallExpression(node, node.expression, node.typeArguments, [
          f.createStringLiteral(to),
          ...node.arguments.slice(1),
        ])
    }
    return ts.visitEachChild(node, visit, context)
  }
  return ts.visitNode(sourceFile, visit)
}

function fail(diagnostics) {
  console.error(
    ts.formatDiagnosticsWithColorAndContext(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => REPO,
      getNewLine: () => '\n',
    }),
  )
  process.exit(1)
}

const diagnostics = ts.getPreEmitDiagnostics(program)
if (diagnostics.length) fail(diagnostics)
for (const w of WORKSPACES) rmSync(join(REPO, w, 'dist'), { recursive: true, force: true })
let written = 0
const result = program.emit(
  undefined,
  (fileName, text) => {
    const src = join(REPO, relative(options.outDir, fileName)).replace(/\.js$/, '.ts')
    const out = distOf(src)
    if (!out) return
    ts.sys.writeFile(out, text)
    written++
  },
  undefined,
  false,
  { before: [specifiers] },
)
if (result.emitSkipped || result.diagnostics.length) fail(result.diagnostics)
console.log(`build:server: ${written} files compiled to ${WORKSPACES.map((w) => `${w}/dist`).join(', ')}`)
