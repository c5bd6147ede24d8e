import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHangingSmtp } from '../helpers/hangingSmtp'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * Canaries: where the project replaces one of Payload's own operations, the upstream behaviour
 * that makes it necessary, checked against the installed Payload. A test failing here means
 * Payload changed: the override it names may go (and its test with it).
 */

const OWNER = { email: 'owner@example.com', password: 'blue canoe under the bridge' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let app: TestPayload
let mailServer: Awaited<ReturnType<typeof startHangingSmtp>>

beforeAll(async () => {
  // A mail server that accepts the connection and never answers, as a hung one does.
  mailServer = await startHangingSmtp()
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mailServer.port), SMTP_SECURE: 'false', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined })
  await app.payload.create({ collection: 'users', data: OWNER })
})

afterAll(async () => {
  await mailServer?.close()
  await app?.cleanup()
})

describe("Payload's operations the project replaces", () => {
  it("forgot-password talks to the mail server inside its transaction, holding SQLite's write lock (features/admin/auth/passwordReset.ts)", async () => {
    const { payload } = app
    const ownOperation = payload.forgotPassword({ collection: 'users', data: { email: OWNER.email } }).catch((error: unknown) => error)
    await sleep(500)
    let written = false
    const write = payload.create({ collection: 'faqs', data: { question: 'Written meanwhile?', answer: 'Only once the mail server answers.' } }).then(() => (written = true))
    await sleep(1500)
    // Upstream fixed (the e-mail sent after the commit): the write went through; the override may go.
    expect(written).toBe(false)

    await mailServer.close() // the mail server goes away: Payload's operation fails and lets go
    await Promise.all([ownOperation, write])
    expect(written).toBe(true)
  }, 30_000)

  it('verify-email with verification off fails as a server error, not a 4xx (features/admin/auth/verificationOff.ts)', async () => {
    const error = (await app.payload.verifyEmail({ collection: 'users', token: '0123456789abcdef' }).catch((failure: unknown) => failure)) as { status?: number }
    expect(error).toBeInstanceOf(Error)
    // Upstream fixed: an APIError with a 4xx status; the endpoint override may go.
    expect(error.status === undefined || error.status >= 500).toBe(true)
  })
})
