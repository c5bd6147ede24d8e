// The server's configuration: every environment variable the app reads, checked in one place.
// Plain JavaScript, because Next loads the page cache handler (which needs REDIS_URL and SITE_URL)
// in Node without compiling it. `.env.example` lists the same variables for people; the unit test
// tests/unit/environment.test.ts keeps the two in step.
import { z } from 'zod'

/** Compose files and `.env` lines such as `SMTP_HOST=` mean "not set", not "set to nothing". */
const optional = (schema) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const whole = (min, max) => {
  const expected = `expected a whole number from ${min} to ${max}`
  return z.coerce.number({ error: expected }).int(expected).min(min, expected).max(max, expected)
}
const address = (protocols, example) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol)
    } catch {
      return false
    }
  }, `expected an address such as ${example}`)
const flag = z.enum(['true', 'false'], { error: 'expected true or false' }).transform((value) => value === 'true')

export const environmentSchema = z
  .object({
    DATABASE_URI: optional(z.string().regex(/^(file:|mongodb(\+srv)?:\/\/)/, 'expected file:<path> for SQLite, or mongodb://… / mongodb+srv://… for MongoDB')),
    PAYLOAD_SECRET: optional(z.string().min(16, 'expected at least 16 characters, e.g. the output of openssl rand -hex 32')),
    SITE_URL: optional(address(['http:', 'https:'], 'https://shop.example.com')),
    PORT: optional(whole(1, 65535)),
    TRUSTED_PROXY_HOPS: optional(whole(1, 10)),
    REDIS_URL: optional(address(['redis:', 'rediss:'], 'redis://127.0.0.1:6379')),
    SMTP_HOST: optional(z.string()),
    SMTP_PORT: optional(whole(1, 65535)),
    SMTP_USER: optional(z.string()),
    SMTP_PASS: optional(z.string()),
    SMTP_SECURE: optional(flag),
    EMAIL_FROM: optional(z.string().regex(/@/, 'expected an e-mail address, or Name <address>')),
    EMAIL_FIRST_RETRY_SECONDS: optional(whole(1, 3600)),
    SMTP_TIMEOUT_SECONDS: optional(whole(2, 120)),
    MEDIA_DIR: optional(z.string()),
    S3_BUCKET: optional(z.string()),
    S3_ENDPOINT: optional(address(['http:', 'https:'], 'https://<account>.r2.cloudflarestorage.com')),
    S3_REGION: optional(z.string()),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    BACKUP_S3_BUCKET: optional(z.string()),
    BACKUP_S3_PREFIX: optional(z.string().regex(/^[\w.\-/]*$/, 'expected a key prefix such as backups/ (letters, digits, . - _ /)')),
    BACKUP_S3_ENDPOINT: optional(address(['http:', 'https:'], 'https://<account>.r2.cloudflarestorage.com')),
    BACKUP_S3_REGION: optional(z.string()),
    BACKUP_S3_ACCESS_KEY_ID: optional(z.string()),
    BACKUP_S3_SECRET_ACCESS_KEY: optional(z.string()),
    VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'expected a VAPID public key (base64url, 87 characters): npx web-push generate-vapid-keys')),
    VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'expected a VAPID private key (base64url, 43 characters): npx web-push generate-vapid-keys')),
    ADMIN_EMAIL: optional(z.email('expected an e-mail address')),
    ADMIN_PASSWORD: optional(z.string()),
  })
  .superRefine((settings, context) => {
    if (Boolean(settings.S3_ACCESS_KEY_ID) !== Boolean(settings.S3_SECRET_ACCESS_KEY))
      context.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'must be set together with S3_ACCESS_KEY_ID (both or neither)' })
    if (Boolean(settings.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(settings.BACKUP_S3_SECRET_ACCESS_KEY))
      context.addIssue({ code: 'custom', path: ['BACKUP_S3_SECRET_ACCESS_KEY'], message: 'must be set together with BACKUP_S3_ACCESS_KEY_ID (both or neither)' })
    if (Boolean(settings.VAPID_PUBLIC_KEY) !== Boolean(settings.VAPID_PRIVATE_KEY))
      context.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'must be set together with VAPID_PUBLIC_KEY (both or neither)' })
    if (settings.DATABASE_URI?.startsWith('mongodb') && !settings.PAYLOAD_SECRET)
      context.addIssue({ code: 'custom', path: ['PAYLOAD_SECRET'], message: 'is required when DATABASE_URI points at MongoDB (a deployment)' })
  })

export class ConfigurationError extends Error {
  name = 'ConfigurationError'
}

/**
 * "SITE_URL: expected an address such as https://shop.example.com (got "shop")", a line a variable.
 * @param {import('zod').ZodError} error
 * @param {Variables} env
 */
function explain(error, env) {
  return error.issues
    .map((issue) => {
      const variable = String(issue.path[0])
      const got = env[variable] === undefined ? '' : ` (got ${JSON.stringify(variable.match(/PASS|SECRET/) ? '…' : env[variable])})`
      return `${variable}: ${issue.message}${got}`
    })
    .join('\n')
}

/** @typedef {Record<string, string | undefined>} Variables what is read: `process.env`, or a test's own set */

const VARIABLES = Object.keys(environmentSchema.shape)

/** The last configuration read, and the values it was read from. */
let lastRead = { env: /** @type {Variables | undefined} */ (undefined), values: '', settings: /** @type {Readonly<Settings> | undefined} */ (undefined) }

/**
 * The configuration read from `env`, with the defaults applied; throws a ConfigurationError naming
 * each wrong variable and what it expects. Checked again whenever a variable it reads has changed
 * (tests set variables before starting Payload), so nothing keeps a stale copy; while none has,
 * the last check's answer is kept: the check costs about 0.1 ms, and an order asked for the
 * configuration about ten times (its client's address, its e-mails' links and their sending).
 * @param {Variables} [env]
 * @returns {Readonly<Settings>}
 */
export function readEnvironment(env = process.env) {
  const values = JSON.stringify(VARIABLES.map((name) => env[name]))
  if (lastRead.env === env && lastRead.values === values && lastRead.settings) return lastRead.settings
  const settings = Object.freeze(checkedEnvironment(env))
  lastRead = { env, values, settings }
  return settings
}

/** @typedef {ReturnType<typeof checkedEnvironment>} Settings */

/** @param {Variables} env */
function checkedEnvironment(env) {
  const parsed = environmentSchema.safeParse(env)
  if (!parsed.success) throw new ConfigurationError(`The server's configuration is not valid:\n${explain(parsed.error, env)}\nSee .env.example.`)
  const settings = parsed.data
  const port = settings.PORT ?? 3000
  return {
    ...settings,
    PORT: port,
    // Without SITE_URL the site is where the quick start opens it.
    SITE_URL: (settings.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    siteUrlIsSet: Boolean(settings.SITE_URL),
    TRUSTED_PROXY_HOPS: settings.TRUSTED_PROXY_HOPS ?? 1,
    SMTP_SECURE: settings.SMTP_SECURE ?? false,
    S3_REGION: settings.S3_REGION ?? 'us-east-1',
  }
}

/**
 * Stops the process at start when the configuration is wrong, with the reason as its last words;
 * the server must not run on a value it silently replaced.
 * @param {Variables} [env]
 */
export function checkEnvironmentOrExit(env = process.env) {
  try {
    return readEnvironment(env)
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
