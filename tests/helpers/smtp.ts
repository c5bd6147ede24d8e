import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type TestSmtp = {
  port: number
  messages: ParsedMail[]
  /** Resolves when `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>
  close: () => Promise<void>
}

/** An in-process SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail)
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
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
