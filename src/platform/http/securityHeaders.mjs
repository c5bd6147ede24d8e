// Plain JavaScript (with JSDoc types) because three places load it: next.config.mjs and the page
// cache handler run in Node without a compiler, and src/proxy.ts imports it like any module.
import { createHash } from 'node:crypto'

import { readEnvironment } from '../config/environment.mjs'

/**
 * The site's one inline script of its own (the root layout): it marks the page as scripted before
 * it paints, so the mobile menu collapses only when it can open. Its hash is in every policy.
 */
export const MARK_SCRIPTED_SCRIPT = "document.documentElement.classList.add('js')"

/** Powerful browser features the site never uses, off for every page and any frame in it. */
const FEATURES_OFF = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]

export const PERMISSIONS_POLICY = FEATURES_OFF.map((feature) => `${feature}=()`).join(', ')

/** Two years, the preload list's minimum; sent only when the site's own address is https. */
const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * @param {string | undefined} siteUrl the site's public address (`SITE_URL`), read when asked so
 *   that the same build serves http in tests and https in production
 * @returns {string | null} the Strict-Transport-Security value, or null on a plain-http site
 */
export function strictTransportSecurity(siteUrl = readEnvironment().SITE_URL) {
  return siteUrl?.trim().toLowerCase().startsWith('https://') ? HSTS : null
}

/**
 * Everything but scripts is the same for every document. Styles keep 'unsafe-inline': Payload's
 * admin inserts <style> elements and style attributes throughout, and on the public site next/image
 * renders review photos with `style="color:transparent"`. Inline styles cannot run code.
 */
const BASE_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
]

/** @param {string} text @returns {string} a CSP hash source for the exact text of an inline script */
export function scriptHashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * The Content-Security-Policy of a document. Scripts come from this origin ('self': Next's chunks,
 * which its runtime also loads later) and inline scripts only when the policy names them, by nonce
 * (a page rendered per request) or by hash (a cached page, see src/platform/http/pageCache.mjs). Neither
 * 'unsafe-inline' nor 'unsafe-eval' is allowed for scripts.
 *
 * @param {{ nonce?: string, scriptHashes?: Iterable<string> }} scripts
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce, scriptHashes = [] }) {
  const sources = new Set(["'self'", scriptHashSource(MARK_SCRIPTED_SCRIPT), ...scriptHashes])
  if (nonce) sources.add(`'nonce-${nonce}'`)
  return [...BASE_DIRECTIVES, `script-src ${[...sources].join(' ')}`].join('; ')
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SOURCE_ATTRIBUTE = /\ssrc\s*=/i
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
/** Types a browser runs; data blocks such as JSON-LD are never executed, so need no hash. */
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module'])

/**
 * The hash sources of every inline script a rendered page runs: React's and Next's bootstrap and the
 * page's serialized data (`self.__next_f.push(…)`), which differ from page to page and from one
 * render to the next. React escapes `</script` inside them, so the first closing tag ends each one.
 *
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set()
  for (const [, attributes, text] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SOURCE_ATTRIBUTE.test(attributes)) continue
    const type = TYPE_ATTRIBUTE.exec(attributes)
    if (!SCRIPT_TYPES.has((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase())) continue
    hashes.add(scriptHashSource(text))
  }
  return [...hashes]
}
