import crypto from 'node:crypto'

import type { ParsedMail } from 'mailparser'
import type { SanitizedConfig } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { passwordRules } from '@/features/admin/auth/passwordPolicy'
import { resetEmailRules } from '@/features/admin/auth/passwordReset'
import { FREE_MISSES } from '@/features/admin/auth/signInLockout'
import { submitOrder } from '@/features/ordering/service'
import { siteUrl } from '@/platform/config/siteUrl'
import { ensureFirstAdmin } from '@/seed/firstAdmin'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

/**
 * The admin account rules (features/admin/adminAuth.ts) through Payload's REST handlers, on this file's own
 * SQLite database and SMTP server: the password-reset request that used to hold the database, the
 * lockout per address and account, equal login time for unknown e-mails, the password policy, and
 * every Payload auth operation. SITE_URL is unset here, so the site is http://localhost:$PORT.
 */

const OWNER = { email: 'owner@example.com', password: 'plum-harbor-lantern-42' }
const OWNER_ADDRESS = '198.51.100.7'

let app: TestPayload
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startSmtp()
  // No ADMIN_EMAIL: the first admin is created in the tests below.
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined })
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

afterEach(() => {
  vi.useRealTimers()
})

type Answer = { status: number; json: Record<string, unknown>; headers: Headers }

/** Payload's REST API as `/api/*` serves it, from a client at `address` (the proxy's X-Forwarded-For). */
async function api(config: SanitizedConfig, method: string, pathname: string, init: { body?: unknown; address?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { handleEndpoints } = await import('payload')
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers }
  if (init.address) headers['X-Forwarded-For'] = init.address
  const response = await handleEndpoints({
    config,
    request: new Request(`http://localhost:3000/api${pathname}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
  })
  const text = await response.text()
  let json: Record<string, unknown>
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {
    json = { text }
  }
  return { status: response.status, json, headers: response.headers }
}

const login = (email: string, password: string, address: string) => api(app.config, 'POST', '/users/login', { body: { email, password }, address })

async function ownerSession(): Promise<Record<string, string>> {
  const answer = await login(OWNER.email, OWNER.password, OWNER_ADDRESS)
  expect(answer.status).toBe(200)
  return { Authorization: `JWT ${String(answer.json.token)}` }
}

/** The messages a refusal carries, field errors included. */
function refusal(answer: Answer): string {
  return JSON.stringify(answer.json.errors ?? answer.json)
}

const resetMails = () => smtp.messages.filter((mail) => mail.subject === resetEmailRules.subject)
const recipientsOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((to) => to.text.toLowerCase()).join(', ')

async function waitForResetMail(count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 10_000
  while (resetMails().length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} reset e-mails, got ${resetMails().length}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return resetMails()
}

describe('the first admin', () => {
  it('does not create an admin from an ADMIN_PASSWORD the rules refuse, and logs why', async () => {
    const logged = vi.spyOn(app.payload.logger, 'error')
    let logLines: string[] = []
    Object.assign(process.env, { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: 'password1234' })
    try {
      await expect(ensureFirstAdmin(app.payload)).resolves.toBeUndefined()
      logLines = logged.mock.calls.map((call) => String(call[0]))
    } finally {
      delete process.env.ADMIN_EMAIL
      delete process.env.ADMIN_PASSWORD
      logged.mockRestore()
    }
    expect((await app.payload.count({ collection: 'users' })).totalDocs).toBe(0)
    expect(logLines).toContainEqual(expect.stringContaining(`ADMIN_PASSWORD was refused, so no admin account was created for ${OWNER.email}`))
  })

  it('applies the password rules on the create-first-user form (first-register), then creates the owner and signs them in', async () => {
    const weak = await api(app.config, 'POST', '/users/first-register', { body: { email: OWNER.email, password: 'qwertyuiop123' }, address: OWNER_ADDRESS })
    expect(weak.status).toBe(400)
    expect(refusal(weak)).toContain(passwordRules.common)
    expect((await app.payload.count({ collection: 'users' })).totalDocs).toBe(0)

    const created = await api(app.config, 'POST', '/users/first-register', { body: { ...OWNER, name: 'Owner' }, address: OWNER_ADDRESS })
    expect(created.status).toBe(200)
    expect(created.json.token).toEqual(expect.any(String))
    expect((await app.payload.find({ collection: 'users' })).docs.map((user) => user.email)).toEqual([OWNER.email])

    const second = await api(app.config, 'POST', '/users/first-register', { body: { email: 'second@example.com', password: 'another-long-passphrase' } })
    expect(second.status).toBe(403)
    expect((await app.payload.count({ collection: 'users' })).totalDocs).toBe(1)
  })
})

describe('password policy', () => {
  it.each([
    ['1234', passwordRules.tooShort],
    ['password', passwordRules.tooShort],
    ['short-pass1', passwordRules.tooShort],
    ['password1234', passwordRules.common],
    ['qwertyuiop123', passwordRules.common],
    ['QwertyUiop123', passwordRules.common],
    ['abcabcabcabcabc', passwordRules.repeated],
  ])('refuses a new admin with the password %j, saying why', async (password, message) => {
    const created = await api(app.config, 'POST', '/users', { body: { email: 'helper@example.com', password }, headers: await ownerSession() })
    expect(created.status).toBe(400)
    expect(refusal(created)).toContain(message)
    // The message is on the password field, where the admin's form shows it.
    expect((created.json.errors as { data?: { errors?: { path: string }[] } }[])[0].data?.errors?.[0].path).toBe('password')
    expect((await app.payload.count({ collection: 'users', where: { email: { equals: 'helper@example.com' } } })).totalDocs).toBe(0)
  })

  it('accepts a good password of 12 or more characters, and refuses a weak one on a password change', async () => {
    const owner = await ownerSession()
    const helper = { email: 'helper@example.com', password: 'seamoss-jar-delivery-route' }
    const created = await api(app.config, 'POST', '/users', { body: helper, headers: owner })
    expect(created.status).toBe(201)
    const id = (created.json.doc as { id: number }).id

    const weak = await api(app.config, 'PATCH', `/users/${id}`, { body: { password: 'password1234' }, headers: owner })
    expect(weak.status).toBe(400)
    expect(refusal(weak)).toContain(passwordRules.common)
    expect((await login(helper.email, helper.password, '198.51.100.20')).status).toBe(200)
    expect((await login(helper.email, 'password1234', '198.51.100.20')).status).toBe(401)

    expect((await api(app.config, 'PATCH', `/users/${id}`, { body: { password: 'twelve-chars' }, headers: owner })).status).toBe(200)
    expect((await login(helper.email, 'twelve-chars', '198.51.100.20')).status).toBe(200)
  })
})

describe('forgot password', () => {
  const storedOrders = async (tag: string) => (await app.payload.count({ collection: 'orders', where: { fullName: { like: tag } } })).totalDocs

  it('answers at once for a known and an unknown address, takes 20 orders while its e-mail is still at the mail server, and e-mails the owner a working link', async () => {
    // The mail server holds its answer until the test lets it go. Payload's own operation talked to
    // it while holding the database's only write lock: the answers waited for the mail server, and
    // every order placed meanwhile waited 5 s for the lock and then failed ("database is locked").
    const mailServer = smtp.hold()
    const answers = await Promise.all([
      api(app.config, 'POST', '/users/forgot-password', { body: { email: OWNER.email }, address: OWNER_ADDRESS }),
      ...['nobody@example.com', 'ghost@example.com', 'intruder@example.com'].map((email, index) =>
        api(app.config, 'POST', '/users/forgot-password', { body: { email }, address: `203.0.113.${10 + index}` }),
      ),
    ])
    for (const answer of answers) expect(answer.status).toBe(200)
    // The answer for an unknown address is the same as for the owner's.
    expect(new Set(answers.map((answer) => JSON.stringify(answer.json))).size).toBe(1)

    const held = await mailServer.arrived
    expect(held.subject).toBe(resetEmailRules.subject)
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, index) => submitOrder(app.payload, { ...validOrderForm, fullName: `Busy ${index}`, email: `busy-${index}@example.com` })),
    )
    expect(orders.map((order) => order.status)).toEqual(Array(20).fill('success'))
    expect(await storedOrders('Busy')).toBe(20)
    expect(resetMails()).toEqual([]) // all of that while the e-mail was still held
    mailServer.release()

    const [mail] = await waitForResetMail(1)
    await new Promise((resolve) => setTimeout(resolve, 500)) // room for a wrongly sent second one
    expect(resetMails().map(recipientsOf)).toEqual([OWNER.email])
    // The link points at the site's address, never at whatever Host the request named.
    const link = /https?:\/\/\S+\/admin\/reset\/[0-9a-f]+/.exec(mail.text ?? '')?.[0]
    expect(link).toMatch(new RegExp(`^${siteUrl()}/admin/reset/[0-9a-f]{40}$`))
    expect(mail.html).toContain(`href="${link}"`)

    const token = link!.split('/').pop()!
    const weak = await api(app.config, 'POST', '/users/reset-password', { body: { token, password: 'password1234' }, address: OWNER_ADDRESS })
    expect(weak.status).toBe(400)
    expect(refusal(weak)).toContain(passwordRules.common)

    const newPassword = 'tidal-pool-marmalade-9'
    const reset = await api(app.config, 'POST', '/users/reset-password', { body: { token, password: newPassword }, address: OWNER_ADDRESS })
    expect(reset.status).toBe(200)
    expect((await login(OWNER.email, OWNER.password, OWNER_ADDRESS)).status).toBe(401)
    expect((await login(OWNER.email, newPassword, OWNER_ADDRESS)).status).toBe(200)
    // A link works once.
    expect((await api(app.config, 'POST', '/users/reset-password', { body: { token, password: 'yet-another-passphrase' } })).status).toBe(403)
    OWNER.password = newPassword
  })

  it('takes the request as the admin\'s forgot-password form posts it (multipart, `_payload`)', async () => {
    const { handleEndpoints } = await import('payload')
    const form = new FormData()
    form.append('_payload', JSON.stringify({ email: 'Helper@Example.com ' }))
    const response = await handleEndpoints({
      config: app.config,
      request: new Request('http://localhost:3000/api/users/forgot-password', { method: 'POST', body: form, headers: { 'X-Forwarded-For': '198.51.100.30' } }),
    })
    expect(response.status).toBe(200)
    const mails = await waitForResetMail(2)
    expect(recipientsOf(mails[1])).toBe('helper@example.com')
  })

  it('limits requests per address, and links per account, without telling who exists', async () => {
    const address = '203.0.113.40'
    const answers = []
    for (let request = 0; request < 6; request++) {
      answers.push(await api(app.config, 'POST', '/users/forgot-password', { body: { email: `someone-${request}@example.com` }, address }))
    }
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers[5].status).toBe(429)
    expect(refusal(answers[5])).toMatch(/too many password-reset requests/i)

    // Three links an hour reach the owner, however many addresses ask (one was sent above).
    const before = resetMails().length
    for (let request = 0; request < 4; request++) {
      const answer = await api(app.config, 'POST', '/users/forgot-password', { body: { email: OWNER.email }, address: `203.0.113.${50 + request}` })
      expect(answer.status).toBe(200)
    }
    await waitForResetMail(before + 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(resetMails().length).toBe(before + 2)
  })
})

describe('lockout per address and account', () => {
  it('refuses the attacking address after a few wrong passwords, while the owner still signs in', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 20; attempt++) {
      // The client writes whatever it likes in front; the proxy's entry (the rightmost) is its real address.
      const answer = await login(OWNER.email, `guess-number-${attempt}`, `10.0.0.${attempt}, 203.0.113.66`)
      statuses.push(answer.status)
      if (answer.status === 429) expect(answer.json).toMatchObject({ message: 'Too many attempts: try again in a minute, or reset your password' })
    }
    expect(statuses).toEqual([...Array(FREE_MISSES).fill(401), ...Array(20 - FREE_MISSES).fill(429)])
    // Even the right password does not get through from there.
    expect((await login(OWNER.email, OWNER.password, '203.0.113.66')).status).toBe(429)

    // 20 wrong passwords from 20 other addresses lock none of them, and not the owner.
    for (let address = 0; address < 20; address++) expect((await login(OWNER.email, 'not-the-password', `192.0.2.${address}`)).status).toBe(401)
    expect((await login(OWNER.email, OWNER.password, OWNER_ADDRESS)).status).toBe(200)
  })

  it('makes the attacking address wait longer after each further miss', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const attacker = '203.0.113.77'
    for (let attempt = 0; attempt < FREE_MISSES; attempt++) expect((await login(OWNER.email, 'wrong-password-0', attacker)).status).toBe(401)

    const waits: number[] = []
    const messages: string[] = []
    for (let round = 0; round < 3; round++) {
      const refused = await login(OWNER.email, 'wrong-password-1', attacker)
      expect(refused.status).toBe(429)
      const wait = Number(refused.headers.get('Retry-After'))
      waits.push(wait)
      messages.push(refusal(refused))
      vi.setSystemTime(Date.now() + wait * 1000 + 1000)
      expect((await login(OWNER.email, 'wrong-password-2', attacker)).status).toBe(401)
    }
    expect(waits).toEqual([60, 120, 240])
    expect(messages.map((message) => message.match(/try again in ([^,]+),/)?.[1])).toEqual(['a minute', '2 minutes', '4 minutes'])
    expect((await login(OWNER.email, OWNER.password, OWNER_ADDRESS)).status).toBe(200)
  })

  it('lets an admin unlock an account for every address', async () => {
    const attacker = '203.0.113.88'
    for (let attempt = 0; attempt < FREE_MISSES; attempt++) await login(OWNER.email, 'wrong-password', attacker)
    expect((await login(OWNER.email, OWNER.password, attacker)).status).toBe(429)
    const unlocked = await api(app.config, 'POST', '/users/unlock', { body: { email: OWNER.email }, headers: await ownerSession() })
    expect(unlocked.status).toBe(200)
    expect((await login(OWNER.email, OWNER.password, attacker)).status).toBe(200)
    // Only an admin may unlock.
    expect((await api(app.config, 'POST', '/users/unlock', { body: { email: OWNER.email }, address: attacker })).status).toBe(403)
  })

  it('limits sign-in attempts per address, whichever accounts they name', async () => {
    const address = '203.0.113.99'
    const statuses: number[] = []
    // Empty passwords: refused before any hashing, but they count all the same.
    for (let attempt = 0; attempt < 61; attempt++) statuses.push((await login(`user-${attempt}@example.com`, '', address)).status)
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true)
    expect(statuses[60]).toBe(429)
    expect(refusal(await login(OWNER.email, OWNER.password, address))).toMatch(/too many sign-in attempts/i)
  })
})

describe('login timing', () => {
  // Before: Payload answered an unknown e-mail before hashing anything (13 ms against 279 ms), so
  // timing told which admin e-mails exist. The work is compared, not the clock: the same hashings,
  // with the same parameters, for a wrong password of a real account and for an unknown e-mail.
  it('hashes an unknown e-mail as it hashes a wrong password of a real one', async () => {
    const hashings = vi.spyOn(crypto, 'pbkdf2')
    const hashingsOf = async (email: string, address: string) => {
      hashings.mockClear()
      const answer = await login(email, 'wrong-password', address)
      return { answer, hashings: hashings.mock.calls.map(([, , iterations, keyLength, digest]) => ({ iterations, keyLength, digest })) }
    }
    const known = await hashingsOf(OWNER.email, '198.51.100.100')
    const unknown = await hashingsOf('nobody@example.com', '198.51.100.150')
    hashings.mockRestore()
    expect([known.answer.status, unknown.answer.status]).toEqual([401, 401])
    expect(unknown.answer.json).toEqual(known.answer.json)
    expect(known.hashings).toEqual([{ iterations: 600_000, keyLength: 32, digest: 'sha256' }])
    expect(unknown.hashings).toEqual(known.hashings)
  })
})

describe('the other auth operations, on SQLite', () => {
  it('me, refresh and logout work, and a logged-out session is gone', async () => {
    const signedIn = await login(OWNER.email, OWNER.password, OWNER_ADDRESS)
    const session = { Authorization: `JWT ${String(signedIn.json.token)}` }
    const me = await api(app.config, 'GET', '/users/me', { headers: session })
    expect(me.status).toBe(200)
    expect((me.json.user as { email: string }).email).toBe(OWNER.email)

    const refreshed = await api(app.config, 'POST', '/users/refresh-token', { headers: session })
    expect(refreshed.status).toBe(200)
    const newSession = { Authorization: `JWT ${String(refreshed.json.refreshedToken)}` }
    expect(((await api(app.config, 'GET', '/users/me', { headers: newSession })).json.user as { email: string }).email).toBe(OWNER.email)

    expect((await api(app.config, 'POST', '/users/logout', { headers: newSession })).status).toBe(200)
    expect((await api(app.config, 'GET', '/users/me', { headers: newSession })).json.user).toBeNull()
    expect((await api(app.config, 'GET', '/orders', { headers: newSession })).status).toBe(403)
  })

  it('answers an e-mail verification link with 404, not a server error: admins do not verify their e-mail', async () => {
    expect((await api(app.config, 'POST', '/users/verify/0123456789abcdef')).status).toBe(404)
  })
})

describe('session cookie and CSRF, with SITE_URL unset', () => {
  it('trusts the cookie from the default localhost origin, not from another site', async () => {
    const placed = await submitOrder(app.payload, { ...validOrderForm, fullName: 'Csrf Check' })
    if (placed.status !== 'success') throw new Error('the test order was not placed')
    const signedIn = await login(OWNER.email, OWNER.password, OWNER_ADDRESS)
    const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]
    expect(cookie).toMatch(/^payload-token=/)
    // Over plain http the cookie cannot be Secure, or the browser would drop it.
    expect(signedIn.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i)

    const fromEvil = await api(app.config, 'PATCH', `/orders/${placed.order.id}`, { body: { status: 'cancelled' }, headers: { Cookie: cookie, Origin: 'https://evil.example' } })
    expect(fromEvil.status).toBe(403)
    expect((await app.payload.findByID({ collection: 'orders', id: placed.order.id })).status).toBe('new')

    const fromSite = await api(app.config, 'PATCH', `/orders/${placed.order.id}`, { body: { status: 'confirmed' }, headers: { Cookie: cookie, Origin: new URL(siteUrl()).origin } })
    expect(fromSite.status).toBe(200)
    expect((await app.payload.findByID({ collection: 'orders', id: placed.order.id })).status).toBe('confirmed')
  })

  it("trusts the cookie from this machine's other addresses on the port, and tells a seller elsewhere where to open the admin", async () => {
    const placed = await submitOrder(app.payload, { ...validOrderForm, fullName: 'Csrf Addresses' })
    if (placed.status !== 'success') throw new Error('the test order was not placed')
    const signedIn = await login(OWNER.email, OWNER.password, OWNER_ADDRESS)
    const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]
    const notes = (origin: string) => api(app.config, 'PATCH', `/orders/${placed.order.id}`, { body: { notes: `saved from ${origin}` }, headers: { Cookie: cookie, Origin: origin } })

    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
      expect((await notes(origin)).status).toBe(200)
      expect((await app.payload.findByID({ collection: 'orders', id: placed.order.id })).notes).toBe(`saved from ${origin}`)
    }

    // The machine's address on the local network (a phone during setup), or another port, is not this site.
    for (const origin of ['http://192.168.1.20:3000', 'http://127.0.0.1:3001']) {
      const refused = await notes(origin)
      expect(refused.status).toBe(403)
      expect(refused.json).toMatchObject({ message: 'Open the admin at http://localhost:3000/admin: changes are only saved from there.' })
    }
    expect((await app.payload.findByID({ collection: 'orders', id: placed.order.id })).notes).toBe('saved from http://localhost:3000')
  })
})
