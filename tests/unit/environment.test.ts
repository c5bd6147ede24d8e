import fs from 'node:fs'
import path from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { checkEnvironmentOrExit, ConfigurationError, environmentSchema, readEnvironment } from '@/platform/config/environment.mjs'

const root = path.resolve(import.meta.dirname, '../..')

describe("the server's configuration", () => {
  afterEach(() => vi.restoreAllMocks())

  it('needs nothing for a local run, and fills in the defaults', () => {
    const settings = readEnvironment({})
    expect(settings).toMatchObject({ PORT: 3000, SITE_URL: 'http://localhost:3000', siteUrlIsSet: false, TRUSTED_PROXY_HOPS: 1, SMTP_SECURE: false, S3_REGION: 'us-east-1' })
    expect(settings.DATABASE_URI).toBeUndefined()
    expect(readEnvironment({ PORT: '4100' }).SITE_URL).toBe('http://localhost:4100')
  })

  it('reads an empty value as unset, as compose files and .env lines write it', () => {
    expect(readEnvironment({ SMTP_HOST: '', SITE_URL: '', PORT: '' })).toMatchObject({ SMTP_HOST: undefined, SITE_URL: 'http://localhost:3000', PORT: 3000 })
  })

  it('turns values into what the code uses', () => {
    const settings = readEnvironment({ SITE_URL: 'https://shop.example.com/', TRUSTED_PROXY_HOPS: '2', SMTP_SECURE: 'true', SMTP_PORT: '465' })
    expect(settings).toMatchObject({ SITE_URL: 'https://shop.example.com', siteUrlIsSet: true, TRUSTED_PROXY_HOPS: 2, SMTP_SECURE: true, SMTP_PORT: 465 })
  })

  it.each([
    [{ TRUSTED_PROXY_HOPS: 'abc' }, 'TRUSTED_PROXY_HOPS: expected a whole number from 1 to 10 (got "abc")'],
    [{ TRUSTED_PROXY_HOPS: '0' }, 'TRUSTED_PROXY_HOPS: expected a whole number from 1 to 10 (got "0")'],
    [{ PORT: '80.5' }, 'PORT: expected a whole number from 1 to 65535 (got "80.5")'],
    [{ SITE_URL: 'shop.example.com' }, 'SITE_URL: expected an address such as https://shop.example.com (got "shop.example.com")'],
    [{ SMTP_SECURE: 'yes' }, 'SMTP_SECURE: expected true or false (got "yes")'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: expected an address such as redis://127.0.0.1:6379'],
    [{ DATABASE_URI: 'postgres://db/shop' }, 'DATABASE_URI: expected file:<path> for SQLite, or mongodb://'],
    [{ DATABASE_URI: 'mongodb://db/shop' }, 'PAYLOAD_SECRET: is required when DATABASE_URI points at MongoDB'],
    [{ S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID'],
    [{ ADMIN_EMAIL: 'owner' }, 'ADMIN_EMAIL: expected an e-mail address'],
  ])('refuses %j, naming the variable and what it expects', (env, message) => {
    expect(() => readEnvironment(env)).toThrow(ConfigurationError)
    expect(() => readEnvironment(env)).toThrow(message)
  })

  it('sees a variable changed since it was last read, and a wrong one again', () => {
    const env: Record<string, string | undefined> = { TRUSTED_PROXY_HOPS: '2' }
    expect(readEnvironment(env).TRUSTED_PROXY_HOPS).toBe(2)
    env.TRUSTED_PROXY_HOPS = '3'
    expect(readEnvironment(env).TRUSTED_PROXY_HOPS).toBe(3)
    env.SITE_URL = 'https://shop.example.com'
    expect(readEnvironment(env)).toMatchObject({ SITE_URL: 'https://shop.example.com', TRUSTED_PROXY_HOPS: 3 })
    env.TRUSTED_PROXY_HOPS = 'abc'
    expect(() => readEnvironment(env)).toThrow('TRUSTED_PROXY_HOPS: expected a whole number')
    expect(() => readEnvironment(env)).toThrow('TRUSTED_PROXY_HOPS: expected a whole number')
    delete env.TRUSTED_PROXY_HOPS
    expect(readEnvironment(env).TRUSTED_PROXY_HOPS).toBe(1)
  })

  it('never repeats a secret in its message', () => {
    expect(() => readEnvironment({ PAYLOAD_SECRET: 'short-secret' })).toThrow('PAYLOAD_SECRET: expected at least 16 characters, e.g. the output of openssl rand -hex 32 (got "…")')
  })

  it('stops the server at start with the reason as its last words', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    checkEnvironmentOrExit({ TRUSTED_PROXY_HOPS: 'abc' })
    expect(exit).toHaveBeenCalledWith(1)
    expect(log.mock.calls[0][0]).toContain('TRUSTED_PROXY_HOPS: expected a whole number')
  })

  it('is described variable by variable in .env.example', () => {
    const listed = [...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])
    const checked = Object.keys(environmentSchema.shape)
    // Next's own key and the build's output kind are listed for people, but the server does not read them.
    expect(listed.filter((name) => !['NEXT_SERVER_ACTIONS_ENCRYPTION_KEY', 'NEXT_OUTPUT'].includes(name)).sort()).toEqual([...checked].sort())
    // And the file itself is a valid configuration (copied whole into .env, the site starts).
    const values = Object.fromEntries([...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]]))
    expect(() => readEnvironment(values)).not.toThrow()
  })

  it('is the only place the app reads its settings from the environment', () => {
    const readers: string[] = []
    const visit = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name)
        if (entry.isDirectory()) visit(file)
        else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !file.endsWith('environment.mjs')) {
          // Next's and Node's own flags (the build phase, the runtime, NODE_ENV) are not settings.
          const names = [...fs.readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z_]+)/g)].map((match) => match[1])
          if (names.some((name) => !['NEXT_PHASE', 'NEXT_RUNTIME', 'NODE_ENV'].includes(name))) readers.push(path.relative(root, file))
        }
      }
    }
    visit(path.join(root, 'src'))
    expect(readers).toEqual([])
  })
})
