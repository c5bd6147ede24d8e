import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type TestSmtp = {
  port: number
  messages: ParsedMail[]
  /** Resolves when `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>
  /** Resolves with the first message to `address` (and matching `match`), waiting for it to arrive. */
  waitForMailTo: (address: string, match?: (mail: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail>
  /**
   * Holds every message's answer until the returned function is called: the site's send has reached
   * the mail server (`arrived` resolves with the first held message) and waits there, as it would
   * on a slow or stuck mail server.
   */
  hold: () => { arrived: Promise<ParsedMail>; release: () => void }
  close: () => Promise<void>
}

/**
 * An in-process SMTP server on 127.0.0.1 that keeps every message it receives, parsed.
 * `refuse`: recipients it answers 550 for, as a mail server does for an address it does not have.
 */
export async function startSmtp(port = 0, options: { delayMs?: number; refuse?: (address: string) => boolean } = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = []
  let held: { gate: Promise<void>; arrived: (mail: ParsedMail) => void } | undefined
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closed, it hangs up on the site's pooled connections soon, as a stopped mail server does,
    // rather than waiting for the site to let them go (15 s of every test file's end otherwise).
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address.toLowerCase())) {
        const refused = Object.assign(new Error(`5.1.1 <${address.address}>: no such mailbox`), { responseCode: 550 })
        return callback(refused)
      }
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        // `delayMs` makes a slow server: the message is stored, the answer comes late.
        .then((mail) => new Promise<typeof mail>((resolve) => setTimeout(() => resolve(mail), options.delayMs ?? 0)))
        .then(async (mail) => {
          held?.arrived(mail)
          await held?.gate
          return mail
        })
        .then((mail) => {
          messages.push(mail)
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  // A client's connection dropped (a site killed or restarted by the test: ECONNRESET) is the server's
  // 'error' event, as a real mail server logs and goes on; unheard, it would end the test run.
  server.on('error', () => undefined)
  const address = server.server.address()
  const boundPort = typeof address === 'object' && address ? address.port : port
  return {
    port: boundPort,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, received ${messages.length}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return messages
    },
    async waitForMailTo(address, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find((mail) => recipients(mail).includes(address.toLowerCase()) && match(mail))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    hold() {
      let release = () => undefined as void
      let arrived = (_mail: ParsedMail) => undefined as void
      const gate = new Promise<void>((resolve) => (release = resolve))
      const first = new Promise<ParsedMail>((resolve) => (arrived = resolve))
      held = { gate, arrived }
      return {
        arrived: first,
        release: () => {
          held = undefined
          release()
        },
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (yet): for "SMTP is down" tests. */
export async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Every recipient of a message, lower-cased, as one string. */
export function recipients(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
  return to.map((entry) => entry.text).join(', ').toLowerCase()
}
