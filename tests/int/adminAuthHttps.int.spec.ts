import type { SanitizedConfig } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resetEmailRules } from '@/features/admin/auth/passwordReset'
import { submitOrder } from '@/features/ordering/service'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

/**
 * The admin session when the site is served over https (SITE_URL=https://…): the cookie is Secure,
 * Payload's CSRF allow-list is SITE_URL's origin, and reset links point there. The config reads
 * SITE_URL once, when it is imported, hence a file of its own.
 */

const SITE = 'https://shop.example'
const OWNER = { email: 'owner@example.com', password: 'plum-harbor-lantern-42' }

let app: TestPayload
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ SITE_URL: SITE, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

/** Payload's REST API as the proxy hands it over: the request URL is the public https one. */
async function api(config: SanitizedConfig, method: string, pathname: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const { handleEndpoints } = await import('payload')
  const response = await handleEndpoints({
    config,
    request: new Request(`${SITE}/api${pathname}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  })
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> }
}

describe('admin session over https', () => {
  it('sets the session cookie with the Secure flag', async () => {
    const signedIn = await api(app.config, 'POST', '/users/login', { body: OWNER })
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^payload-token=/)
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/;\s*HttpOnly/i)
  })

  it('refuses a cookie-authenticated change from another site, and takes it from the site itself', async () => {
    const placed = await submitOrder(app.payload, validOrderForm)
    if (placed.status !== 'success') throw new Error('the test order was not placed')
    const signedIn = await api(app.config, 'POST', '/users/login', { body: OWNER })
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]
    const statusNow = async () => (await app.payload.findByID({ collection: 'orders', id: placed.order.id })).status

    const fromEvil = await api(app.config, 'PATCH', `/orders/${placed.order.id}`, { body: { status: 'cancelled' }, headers: { Cookie: cookie, Origin: 'https://evil.example' } })
    expect(fromEvil.status).toBe(403)
    expect(await statusNow()).toBe('new')

    // A cross-site form post without Origin is refused too (browsers then send Sec-Fetch-Site).
    const crossSite = await api(app.config, 'PATCH', `/orders/${placed.order.id}`, { body: { status: 'cancelled' }, headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } })
    expect(crossSite.status).toBe(403)
    expect(await statusNow()).toBe('new')

    const fromSite = await api(app.config, 'PATCH', `/orders/${placed.order.id}`, { body: { status: 'confirmed' }, headers: { Cookie: cookie, Origin: SITE } })
    expect(fromSite.status).toBe(200)
    expect(await statusNow()).toBe('confirmed')
  })

  it('sends reset links to SITE_URL, whatever Host the request named', async () => {
    const answer = await api(app.config, 'POST', '/users/forgot-password', { body: { email: OWNER.email }, headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } })
    expect(answer.status).toBe(200)
    const deadline = Date.now() + 10_000
    let mail = smtp.messages.find((message) => message.subject === resetEmailRules.subject)
    while (!mail && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      mail = smtp.messages.find((message) => message.subject === resetEmailRules.subject)
    }
    expect(mail?.text).toMatch(new RegExp(`${SITE}/admin/reset/[0-9a-f]{40}`))
    expect(mail?.text).not.toContain('evil.example')
  })
})
