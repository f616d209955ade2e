// Lint with type information. The async rules are the ones immich keeps on: a promise is awaited,
// returned or explicitly `void`ed, never passed where a callback's result is ignored, `async` only
// where something is awaited, and a switch over a union handles every member. Style is Prettier's.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import boundaries from './eslint/feature-boundaries.js'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist/**',
      '.tmp/**',
      'infra/.tools/**',
      'coverage/**',
      '**/*.d.ts',
      'loadtest/**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Plain scripts (infra installers, k6 load scripts, the build helpers) are not in a TypeScript
    // project: they get the syntax rules, not the typed ones.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node, __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' },
    },
  },
  {
    // Tests read untyped JSON bodies and poke at responses; `any` there is the honest type.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'test/**/*.ts', 'web/e2e/**/*.ts', 'scripts/bench*.ts', 'loadtest/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useRead(read, deps) takes deps as an effect does: check them the same way.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useRead$' }],
      'boundaries/no-cross-feature-imports': 'error',
    },
  },
  prettier,
)
