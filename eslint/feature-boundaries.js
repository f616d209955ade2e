// The web app's features stay independent, as bulletproof-react keeps them: a feature imports from
// itself and from the shared layers (components, lib, layouts, grid…), never from another feature.
// The route table (`web/src/routes.tsx`) and the app shell compose features; nothing else does.
import { dirname, relative, resolve, sep } from 'node:path'

const featuresRoot = resolve(import.meta.dirname, '../web/src/features')

const featureOf = (file) => {
  const rel = relative(featuresRoot, file)
  if (rel.startsWith('..') || rel === '') return null
  return rel.split(sep)[0]
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports only itself and shared code, never another feature' },
    messages: {
      cross:
        "Feature '{{from}}' imports from feature '{{to}}': move the shared piece to a shared folder or compose both at the route.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename)
    if (!from) return {}
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const to = featureOf(resolve(dirname(context.filename), spec))
      if (to && to !== from) context.report({ node: node.source, messageId: 'cross', data: { from, to } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } }
