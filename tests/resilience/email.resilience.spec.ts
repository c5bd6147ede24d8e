import fs from 'node:fs'

import { createClient } from '@libsql/client'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { contactFields, orderFields, postForm } from '../helpers/forms'
import { startHangingSmtp } from '../helpers/hangingSmtp'
import { startSite, type Site } from '../helpers/site'
import { freePort, recipients, startSmtp } from '../helpers/smtp'

/**
 * The e-mail outbox against real server processes: a mail server that is down, one that hangs,
 * and a server killed with SIGKILL in the middle of a stream of orders.
 */

const SELLER = 'orders@example.com'
const smtpEnv = (port: number) => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', EMAIL_FROM: 'Seamoss Test <shop@example.com>' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const placed = (html: string) => html.includes('Order Submitted!')
/** The outage test's first retry pause (EMAIL_FIRST_RETRY_SECONDS), and its outage: 20 of those pauses. */
const OUTAGE_FIRST_RETRY_S = 1
const OUTAGE_MS = 20 * OUTAGE_FIRST_RETRY_S * 1000

/** The pauses, in seconds, the server announced after each failed attempt ("retrying in 4 s"), in order. */
function retryPausesLogged(site: Site): number[] {
  return [...fs.readFileSync(site.logPath, 'utf8').matchAll(/retrying in (\d+) s/g)].map((match) => Number(match[1]))
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
})

async function storedOrders(site: Site): Promise<{ fullName: string; email: string }[]> {
  const db = createClient({ url: site.databaseUri })
  try {
    const { rows } = await db.execute('SELECT full_name, email FROM orders')
    return rows.map((row) => ({ fullName: String(row.full_name), email: String(row.email) }))
  } finally {
    db.close()
  }
}

async function unsentEmails(site: Site): Promise<number> {
  const db = createClient({ url: site.databaseUri })
  try {
    const { rows } = await db.execute("SELECT count(*) AS n FROM email_outbox WHERE status <> 'sent'")
    return Number(rows[0].n)
  } finally {
    db.close()
  }
}

describe('e-mail never holds a visitor', () => {
  it('answers orders and a message while the mail server hangs on their e-mails, which wait in the outbox', async () => {
    const hanging = await startHangingSmtp()
    cleanups.push(hanging.close)
    // The longest mail-server timeout there is: a send to the hung server ends only when the site
    // gives up on its connection, minutes after these posts, so an answer that waited for its
    // e-mail would come after that connection ended (or never, within the test's time).
    const site = await startSite({ env: { ...smtpEnv(hanging.port), SMTP_TIMEOUT_SECONDS: '120' } })
    cleanups.push(site.stop)

    expect(placed((await postForm(site.baseURL, '/order', orderFields('Hung Order 0', 'hung-0@example.com'))).html)).toBe(true)
    // Its e-mails are on their way to the hung server: the next posts come while it holds them.
    await vi.waitFor(() => expect(hanging.connections().opened).toBeGreaterThan(0), { timeout: 30_000, interval: 50 })
    for (let index = 1; index < 3; index++) {
      expect(placed((await postForm(site.baseURL, '/order', orderFields(`Hung Order ${index}`, `hung-${index}@example.com`))).html)).toBe(true)
    }
    const message = await postForm(site.baseURL, '/contact', contactFields('Hung Message', 'hung-message@example.com'))
    expect(message.html).toContain('Message Sent!')

    // Every answer came while the mail server still held the site's connection, none after the site gave up on it…
    expect(hanging.connections().ended).toBe(0)
    // …and every e-mail (the customer's and the seller's of each order, the message's) waits in the outbox.
    expect(await unsentEmails(site)).toBe(7)
    expect(await storedOrders(site)).toHaveLength(3)
  })
})

describe('e-mail is never lost', () => {
  it('sends every e-mail queued while the mail server was down, retrying with growing pauses, soon after its return, with no request to the site', async () => {
    // The retry schedule's first pause is 1 s here instead of 10 s (EMAIL_FIRST_RETRY_SECONDS): the
    // same doubling pauses, and the outbox looked at twice per first pause, so an outage of 20 s
    // plays what a two-minute one does with the default.
    const smtpPort = await freePort()
    const site = await startSite({ env: { ...smtpEnv(smtpPort), EMAIL_FIRST_RETRY_SECONDS: String(OUTAGE_FIRST_RETRY_S) } })
    cleanups.push(site.stop)

    for (let index = 0; index < 3; index++) {
      expect(placed((await postForm(site.baseURL, '/order', orderFields(`Down Order ${index}`, `down-${index}@example.com`))).html)).toBe(true)
    }
    expect((await postForm(site.baseURL, '/contact', contactFields('Down Message', 'down-message@example.com'))).html).toContain('Message Sent!')
    const queuedAt = Date.now()

    // The mail server comes back 20 first pauses after the e-mails were queued; nobody visits the site meanwhile.
    await sleep(Math.max(0, queuedAt + OUTAGE_MS - Date.now()))
    // The server kept trying while it was down, each pause twice the one before.
    expect(retryPausesLogged(site)).toEqual(expect.arrayContaining([1, 2, 4].map((pause) => pause * OUTAGE_FIRST_RETRY_S)))
    const smtp = await startSmtp(smtpPort)
    cleanups.push(smtp.close)
    const failedWhileDown = retryPausesLogged(site).length
    // Soon: at the next attempt the schedule had set, after a pause no longer than the ones logged
    // (16 s at most here); the wait is generous so that a busy machine does not fail it, and…
    await smtp.waitFor(7, 3 * OUTAGE_MS)
    // …each went at that first attempt after the return: none failed after the mail server was back.
    expect(retryPausesLogged(site)).toHaveLength(failedWhileDown)

    const received = smtp.messages.map(recipients).sort()
    expect(received).toEqual([SELLER, SELLER, SELLER, SELLER, 'down-0@example.com', 'down-1@example.com', 'down-2@example.com'].sort())
    // Each once: a few more rounds send nothing again.
    await sleep(12_000)
    expect(smtp.messages).toHaveLength(7)
  }, 180_000)

  it('delivers the e-mails of every stored order after a kill -9 in the middle of a stream of orders', async () => {
    // A slow mail server, so that e-mails are still waiting or being sent when the server dies.
    const slow = await startSmtp(0, { delayMs: 400 })
    cleanups.push(slow.close)
    const first = await startSite({ env: smtpEnv(slow.port) })
    cleanups.push(async () => fs.rmSync(first.dir, { recursive: true, force: true }))

    let next = 0
    let crashed = false
    const customer = async () => {
      while (!crashed) {
        const index = next++
        const headers = { 'X-Forwarded-For': `10.9.0.${index + 1}` }
        await postForm(first.baseURL, '/order', orderFields(`Crash Order ${index}`, `crash-${index}@example.com`), headers).catch(() => undefined)
      }
    }
    const stream = Promise.all([customer(), customer(), customer()])
    // Killed once orders are stored and some of their e-mails wait (the slow mail server takes
    // 0.4 s each, the orders come faster), not after a set time a busy machine may not have placed one in.
    await vi.waitFor(
      async () => {
        expect((await storedOrders(first)).length).toBeGreaterThan(1)
        expect(await unsentEmails(first)).toBeGreaterThan(0)
      },
      { timeout: 60_000, interval: 250 },
    )
    await first.kill9()
    crashed = true
    await stream

    const orders = await storedOrders(first)
    expect(orders.length).toBeGreaterThan(0)
    // The crash did come between commit and send: some stored orders' e-mails had not gone out.
    expect(await unsentEmails(first)).toBeGreaterThan(0)

    const smtp = await startSmtp()
    cleanups.push(smtp.close)
    // Its mail server's timeout is 2 s instead of 10 (SMTP_TIMEOUT_SECONDS), so a claim goes stale
    // after 12 s instead of a minute: the same rule, played faster.
    const second = await startSite({ env: { ...smtpEnv(smtp.port), DATABASE_URI: first.databaseUri, SMTP_TIMEOUT_SECONDS: '2' } })
    cleanups.push(second.stop)

    // Every stored order's two e-mails arrive (a claim the dead process held is given up after six timeouts).
    const delivered = () => smtp.messages.concat(slow.messages)
    const deadline = Date.now() + 100_000
    const missing = () =>
      orders.filter(
        (order) =>
          !delivered().some((mail) => recipients(mail).includes(order.email)) ||
          !delivered().some((mail) => recipients(mail).includes(SELLER) && mail.subject?.startsWith(`New order: ${order.fullName},`)),
      )
    while (missing().length && Date.now() < deadline) await sleep(1000)
    expect(missing().map((order) => order.fullName)).toEqual([])
  }, 240_000)
})
