import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

/**
 * A framework's or library's private modules: no stable interface, they change in any release.
 * The packages' public entry points (`next/cache`, `payload`, `@payloadcms/next/routes`…) are the seams.
 */
const PRIVATE_MODULES = [
  { regex: '^next/dist(/|$)', message: "Next's private modules change in any release: use its public API (next, next/cache, next/server…)." },
  {
    regex: '^(payload|@payloadcms/[^/]+|libsql|@libsql/[^/]+|rate-limiter-flexible|@fortedigital/nextjs-cache-handler)/(dist|src|lib)(/|$)',
    message: "A library's private modules change in any release: import its package entry points.",
  },
]
const PRIVATE_MODULE_SOURCE = '/^(next\\/dist|(payload|@payloadcms\\/[^/]+|libsql|@libsql\\/[^/]+|rate-limiter-flexible|@fortedigital\\/nextjs-cache-handler)\\/(dist|src|lib))(\\/|$)/'

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'media/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'src/payload-types.ts',
      'src/migrations/**',
      'src/app/(payload)/**',
    ],
  },
  {
    // Playwright fixtures receive a function named `use`, which is not React's hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The public site links with plain <a> (next/link is refused below, with the reason).
      '@next/next/no-html-link-for-pages': 'off',
      // No bespoke seams into a framework (docs/ARCHITECTURE.md, "No bespoke infrastructure").
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next/link',
              message:
                "Plain <a> links: a page is a document the proxy has cached, while next/link adds about 3 kB of script to every page and prefetches each link in view as a React payload the proxy never caches.",
            },
          ],
          patterns: PRIVATE_MODULES,
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=${PRIVATE_MODULE_SOURCE}], CallExpression[callee.name='require'][arguments.0.value=${PRIVATE_MODULE_SOURCE}]`,
          message: "A framework's or library's private modules change in any release: use its public API.",
        },
        {
          // `thing._field = …` on anything but the class's own `this`: a library's private state.
          selector:
            "AssignmentExpression > MemberExpression.left[object.type!='ThisExpression'][property.name=/^_/], AssignmentExpression > MemberExpression.left[object.type!='ThisExpression'][property.value=/^_/]",
          message: "Writing a library's private field (a name starting with _) breaks with its next release: use its options or public API.",
        },
      ],
    },
  },
]

export default config
