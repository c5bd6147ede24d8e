import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'

// @ts-expect-error http_ece (web-push's own RFC 8188 implementation) ships no types
import ece from 'http_ece'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { orderNotification, workPushQueue } from '@/features/seller/push/orderPush'
import { MAX_DEVICES_PER_ACCOUNT } from '@/features/seller/push/subscriptions'
import { submitOrder } from '@/features/ordering/service'

import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'

/**
 * The seller's new-order notifications: a device subscribes (signed in, with a push service's https
 * address and its keys), a new order's notification reaches a push endpoint this test starts, and
 * decrypting it with the subscription's keys (RFC 8291) gives the order; a device the push service
 * no longer knows (410) is forgotten; refusals for no session, another site, bad addresses and keys.
 */

const ADMIN = { email: 'push-admin@example.com', password: 'correct-horse-battery' }

let app: TestPayload
let auth: Record<string, string>
let pushService: https.Server
let pushBase: string
/** What the push endpoint answers next, per path: 201 (taken) unless set. */
const answers = new Map<string, number>()
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = []

/** A device's keys, as a browser makes them: an ECDH P-256 pair and a 16-byte secret. */
function deviceKeys() {
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  const authSecret = crypto.randomBytes(16)
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } }
}

beforeAll(async () => {
  // A push service of our own, on https with a certificate this process trusts.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' })
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'))
  pushService = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(answers.get(request.url ?? '') ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve))
  pushBase = `https://127.0.0.1:${(pushService.address() as { port: number }).port}`
  https.globalAgent.options.ca = cert
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  auth = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
})

afterAll(async () => {
  await app?.cleanup()
  await new Promise((resolve) => pushService?.close(resolve))
})

beforeEach(async () => {
  await app.payload.delete({ collection: 'push-subscriptions', where: {}, overrideAccess: true })
  await app.payload.delete({ collection: 'payload-jobs', where: { queue: { equals: 'push' } }, overrideAccess: true })
  received.length = 0
  answers.clear()
})

const subscribe = (body: unknown, headers: Record<string, string> = auth) => rest(app.config, 'POST', '/push-subscriptions/subscribe', { body, headers: { ...headers, 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' } })
const devices = async () => (await app.payload.find({ collection: 'push-subscriptions', sort: 'createdAt', pagination: false, depth: 0 })).docs

let customer = 0
async function placeOrder() {
  const n = ++customer
  const result = await submitOrder(app.payload, { ...validOrderForm, fullName: `Pat Push ${n}`, email: `push-${n}@example.com` }, `order:push-${n}-0123456789abcdef`)
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

describe('a notification on the seller’s devices for each new order', () => {
  it('reaches the subscribed device, encrypted for its keys, naming the order; sent once', async () => {
    // The browser subscribes with the server's public key first.
    const { status, json } = await rest(app.config, 'GET', '/push-subscriptions/key', { headers: auth })
    expect(status).toBe(200)
    const publicKey = String(json.publicKey)
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    expect(await rest(app.config, 'GET', '/push-subscriptions/key')).toMatchObject({ status: 401 })
    const device = deviceKeys()
    expect(await subscribe({ endpoint: `${pushBase}/send/phone-1`, keys: device.keys })).toMatchObject({ status: 201 })
    expect(await devices()).toMatchObject([{ device: 'Chrome on Android', endpoint: `${pushBase}/send/phone-1` }])

    const order = await placeOrder()
    // Sent in the background once the order has committed.
    await expect.poll(() => received.length).toBe(1)
    await workPushQueue(app.payload)
    expect(received).toHaveLength(1)
    const [push] = received
    expect(push.path).toBe('/send/phone-1')
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    // Signed with the key the browser subscribed with (RFC 8292).
    expect(String(push.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`))
    const decrypted = JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret }).toString('utf8'))
    expect(decrypted).toEqual(orderNotification(order))
    expect(decrypted.title).toBe(`New order ${order.reference}`)
    // Recorded once the job's round has committed.
    await expect.poll(async () => Boolean((await devices())[0].lastSentAt)).toBe(true)
  })

  it('forgets a device whose push service answers 410; keeps one that failed otherwise, to try again', async () => {
    const gone = deviceKeys()
    const failing = deviceKeys()
    await subscribe({ endpoint: `${pushBase}/send/gone`, keys: gone.keys })
    await subscribe({ endpoint: `${pushBase}/send/failing`, keys: failing.keys })
    answers.set('/send/gone', 410)
    answers.set('/send/failing', 500)
    await placeOrder()
    // One job after the other, each recorded once its round has committed.
    await expect.poll(() => received.map((push) => push.path).sort()).toEqual(['/send/failing', '/send/gone'])
    await expect.poll(async () => (await devices()).map((each) => each.endpoint)).toEqual([`${pushBase}/send/failing`])
    const waiting = async () => (await app.payload.find({ collection: 'payload-jobs', where: { and: [{ queue: { equals: 'push' } }, { completedAt: { exists: false } }] }, depth: 0 })).docs
    await expect.poll(async () => (await waiting()).map((job) => [job.totalTried, job.hasError])).toEqual([[1, false]])
  })

  it('makes no notification for an order changed, only for one made', async () => {
    await subscribe({ endpoint: `${pushBase}/send/phone-2`, keys: deviceKeys().keys })
    const order = await placeOrder()
    await expect.poll(() => received.length).toBe(1)
    await app.payload.update({ collection: 'orders', id: order.id, data: { status: 'confirmed' }, depth: 0 })
    await workPushQueue(app.payload)
    expect(received).toHaveLength(1)
  })
})

describe('subscribing a device', () => {
  it('is refused without a session, and for an address that is not a push service’s https one or keys that are not a browser’s', async () => {
    const { keys } = deviceKeys()
    expect(await subscribe({ endpoint: `${pushBase}/send/x`, keys }, {})).toMatchObject({ status: 401 })
    for (const body of [
      { endpoint: 'http://push.example.com/send/x', keys },
      { endpoint: 'https://user:pass@push.example.com/send/x', keys },
      { endpoint: 'file:///etc/passwd', keys },
      { endpoint: `${pushBase}/send/${'x'.repeat(1100)}`, keys },
      { endpoint: `${pushBase}/send/x`, keys: { ...keys, p256dh: 'short' } },
      { endpoint: `${pushBase}/send/x`, keys: { ...keys, auth: undefined } },
      'not json',
      null,
    ]) {
      expect((await subscribe(body)).status, JSON.stringify(body)?.slice(0, 80)).toBe(400)
    }
    expect(await devices()).toEqual([])
  })

  it('refuses the admin’s session cookie sent from another site', async () => {
    const token = auth.Authorization.replace('JWT ', '')
    const answer = await rest(app.config, 'POST', '/push-subscriptions/subscribe', { body: { endpoint: `${pushBase}/send/x`, keys: deviceKeys().keys }, headers: { Cookie: `payload-token=${token}`, Origin: 'https://evil.example' } })
    expect(answer.status).toBe(401)
    expect(await devices()).toEqual([])
  })

  it(`keeps at most ${MAX_DEVICES_PER_ACCOUNT} devices per account, the latest; the same browser again is one device`, async () => {
    for (let n = 1; n <= MAX_DEVICES_PER_ACCOUNT + 2; n++) await subscribe({ endpoint: `${pushBase}/send/device-${n}`, keys: deviceKeys().keys })
    await subscribe({ endpoint: `${pushBase}/send/device-7`, keys: deviceKeys().keys })
    const kept = (await devices()).map((each) => each.endpoint.split('/').pop())
    expect(kept.sort()).toEqual(['device-3', 'device-4', 'device-5', 'device-6', 'device-7'])
  })

  it('an admin account deleted takes its devices with it', async () => {
    const other = await app.payload.create({ collection: 'users', data: { email: 'push-other@example.com', password: 'another-long-password-1' } })
    const otherAuth = await adminAuthHeader(app.config, 'push-other@example.com', 'another-long-password-1')
    await subscribe({ endpoint: `${pushBase}/send/other`, keys: deviceKeys().keys }, otherAuth)
    expect(await devices()).toHaveLength(1)
    await app.payload.delete({ collection: 'users', id: other.id })
    expect(await devices()).toEqual([])
  })
})
