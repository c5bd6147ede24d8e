import { readFileSync } from 'node:fs'

import type { SanitizedConfig } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { STATEMENT_MAX_BYTES, statementNotices } from '@/features/payments/statements/formats'
import { trustedOrigins } from '@/platform/http/adminOrigins'

import { adminAuthHeader, startPayload, type TestPayload } from '../helpers/payload'

/**
 * Payments received's upload (`POST /api/statements/upload`, features/admin/statementPosts.ts)
 * through Payload's REST handler, as the `/api/*` route gives it a request: how much of a body
 * over the limit is read before it is refused, and what is stored then (nothing).
 */

let app: TestPayload
let config: SanitizedConfig
let admin: Record<string, string>

beforeAll(async () => {
  app = await startPayload()
  config = app.config
  await app.payload.create({ collection: 'users', data: { email: 'uploads@example.com', password: 'a long seller passphrase', name: 'Seller' } })
  admin = await adminAuthHeader(config, 'uploads@example.com', 'a long seller passphrase')
})

afterAll(async () => {
  await app?.cleanup()
})

const BOUNDARY = 'statement-test-boundary'
const CHUNK = 64 * 1024

/** A multipart body of one CSV file of `fileBytes`, streamed a chunk at a time; `pulled` says how much the reader asked for. */
function streamedUpload(fileBytes: number) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  const total = head.length + fileBytes + tail.length
  const counter = { pulled: 0, total }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close()
      const size = Math.min(CHUNK, total - counter.pulled)
      const chunk = Buffer.alloc(size, 'a,b,c\n')
      // The head and tail of the form where they fall; the file's bytes between.
      if (counter.pulled === 0) head.copy(chunk)
      if (counter.pulled + size === total) tail.copy(chunk, size - tail.length)
      counter.pulled += size
      controller.enqueue(new Uint8Array(chunk))
    },
  })
  return { body, counter }
}

async function post(body: BodyInit, headers: Record<string, string>) {
  const { handleEndpoints } = await import('payload')
  const request = new Request('http://localhost:3000/api/statements/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
  return handleEndpoints({ config, request })
}

const form = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }

describe('a statement over 5 MB', () => {
  it('is refused by its declared length before its body is read', async () => {
    const { body, counter } = streamedUpload(8 * 1024 * 1024)
    const answer = await post(body, { ...admin, ...form, Origin: trustedOrigins()[0]!, 'Content-Length': String(counter.total) })
    expect(answer.status).toBe(413)
    expect(await answer.text()).toContain(statementNotices.tooLarge)
    expect(counter.pulled).toBeLessThanOrEqual(2 * CHUNK)
  })

  it('sent without its length, is refused once a little more than 5 MB has arrived: the rest is never read', async () => {
    const { body, counter } = streamedUpload(20 * 1024 * 1024)
    const answer = await post(body, { ...admin, ...form, Origin: trustedOrigins()[0]! })
    expect(answer.status).toBe(413)
    expect(counter.pulled).toBeLessThan(STATEMENT_MAX_BYTES + 256 * 1024)
  })

  it('stores nothing, and neither does a post from another site or without a session, which read nothing', async () => {
    for (const headers of [{ ...admin, Origin: 'https://elsewhere.example' }, { Origin: trustedOrigins()[0]! }]) {
      const { body, counter } = streamedUpload(1024)
      const answer = await post(body, { ...headers, ...form })
      expect([403, 303]).toContain(answer.status)
      expect(counter.pulled).toBeLessThanOrEqual(2 * CHUNK)
    }
    expect((await app.payload.count({ collection: 'statement-payments' })).totalDocs).toBe(0)
  })
})

describe('a statement within the limit', () => {
  it('is imported, and the seller sent back to the view saying so', async () => {
    const venmo = readFileSync(new URL('../fixtures/statements/venmo.csv', import.meta.url))
    const multipart = new FormData()
    multipart.set('file', new File([venmo], 'venmo.csv', { type: 'text/csv' }))
    const answer = await post(multipart, { ...admin, Origin: trustedOrigins()[0]! })
    expect(answer.status).toBe(303)
    const location = new URL(answer.headers.get('location')!)
    expect(location.pathname).toBe('/admin/payments')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ uploaded: 'venmo', added: '4', known: '0', outgoing: '2', refunds: '1' })
    expect((await app.payload.count({ collection: 'statement-payments' })).totalDocs).toBe(4)
  })
})
