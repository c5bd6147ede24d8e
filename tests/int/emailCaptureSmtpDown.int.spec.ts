import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { joinEmailList } from '@/lib/emailCaptures'

import { startPayload, type TestPayload } from '../helpers/payload'
import { freePort } from '../helpers/smtp'

// A file of its own: Payload reads the SMTP settings once, when the config is first imported.
describe('joining while the mail server is down', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(await freePort()), SMTP_SECURE: 'false' })
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('still stores the capture and queues the welcome e-mail', async () => {
    const result = await joinEmailList(app.payload, { name: 'Offline', email: 'offline@example.com' })
    expect(result.status).toBe('joined')
    const stored = await app.payload.find({ collection: 'email-captures', where: { email: { equals: 'offline@example.com' } } })
    expect(stored.totalDocs).toBe(1)
    const jobs = await app.payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendEmail' } } })
    expect(jobs.totalDocs).toBe(1)
  })
})
