/**
 * Which folder may import which (`npm run test:static` runs it). Features import only features
 * below them in FEATURE_LAYERS, so no circle can form between them; the platform and shared code
 * import no feature; generic components import nothing of the business.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** Lowest first: a feature may import the features before it, never one after it. */
const FEATURE_LAYERS = ['messages', 'discounts', 'contact', 'reviews', 'ordering', 'refills', 'payments', 'admin', 'recalls', 'delivery', 'seller', 'content']

const feature = (name) => `^src/features/${name}/`
const above = (index) => FEATURE_LAYERS.slice(index + 1)

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others: one of them holds what both need, or the other way round must go.',
      from: {},
      to: { circular: true },
    },
    ...FEATURE_LAYERS.map((name, index) => ({
      name: `feature-layers-${name}`,
      severity: 'error',
      comment: `${name} may import only the features below it (${FEATURE_LAYERS.slice(0, index).join(', ') || 'none'}); the order is FEATURE_LAYERS in .dependency-cruiser.cjs.`,
      from: { path: feature(name) },
      to: { path: above(index).length ? `^src/features/(${above(index).join('|')})/` : '^$' },
    })),
    {
      name: 'platform-below-features',
      severity: 'error',
      comment: 'The platform has no business in it: it imports no feature, collection, hook or page.',
      from: { path: '^src/platform/' },
      to: { path: '^src/(features|collections|globals|hooks|access|fields|plugins|seed|app)/' },
    },
    {
      name: 'platform-not-config',
      severity: 'error',
      comment: "The platform is handed Payload's client (src/payloadClient.ts); importing the config would run an arrow back up: config → collections → features → platform.",
      from: { path: '^src/platform/' },
      to: { path: '^(payload\\.config\\.ts|src/(payloadClient|cachedGlobals)\\.ts)$' },
    },
    {
      name: 'config-only-from-the-top',
      severity: 'error',
      comment: "Payload's config and client are for the app's entry points (routes, actions, the server's start): the data model, its hooks and the generic code get `req.payload` or the client handed in.",
      from: { path: '^src/(collections|globals|hooks|access|fields|plugins|seed|shared|components)/' },
      to: { path: '^(payload\\.config\\.ts|src/(payloadClient|cachedGlobals)\\.ts)$' },
    },
    {
      name: 'migrations-stand-alone',
      severity: 'error',
      comment: 'A migration is a snapshot: it must do the same thing after the code it was written beside changes, so what it needs is written inside it. It imports no project code (the generated index imports the migrations).',
      from: { path: '^src/migrations/' },
      to: { path: '^(src/(?!migrations/)|payload\\.config\\.ts$)' },
    },
    {
      name: 'shared-below-everything',
      severity: 'error',
      comment: 'shared/ is what every part uses: it imports only other shared code.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(features|platform|collections|globals|hooks|access|fields|plugins|seed|app|components)/' },
    },
    {
      name: 'components-generic',
      severity: 'error',
      comment: "components/ is the site's generic UI: no feature, no platform.",
      from: { path: '^src/components/' },
      to: { path: '^src/(features|platform|collections|globals|hooks|plugins|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.mjs', '.js'] },
    exclude: { path: '^src/(payload-types\\.ts|migrations/.*\\.json$|app/\\(payload\\)/admin/importMap\\.js)' },
  },
}
