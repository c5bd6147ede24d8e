import 'server-only'

import fs from 'node:fs'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPPool from 'nodemailer/lib/smtp-pool'
import type { EmailAdapter } from 'payload'

import { readEnvironment } from '@/platform/config/environment.mjs'
import { runtimePath } from '@/platform/config/runtime'
import { databaseDataDir } from '@/platform/db/database'

import { SMTP_TIMEOUT_MS, smtpTimeouts } from './outboxRules'

/**
 * Where the messages go without SMTP: `outbox/` beside the database in use (`data/outbox/` with
 * the default one), as its exports and backups, so two servers on two databases in one checkout,
 * or the tests' own databases, keep their mail apart.
 */
export const outboxDir = (): string => runtimePath(databaseDataDir(), 'outbox')

const DEFAULT_FROM = 'Seamoss Storefront <orders@localhost>'

/** Splits `Name <address>` (or a bare address) from `EMAIL_FROM`. */
export function parseFromAddress(from: string = readEnvironment().EMAIL_FROM || DEFAULT_FROM): {
  name: string
  address: string
} {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from)
  if (match) return { name: match[1].trim() || match[2], address: match[2].trim() }
  return { name: from.trim(), address: from.trim() }
}

/**
 * Without SMTP the site still sends: every message is written as an `.eml` file under
 * `outboxDir()` and its subject is logged, so nothing is silently dropped in development.
 */
function outboxTransport(folder: string): Transporter {
  return nodemailer.createTransport({
    name: 'outbox',
    version: '1.0.0',
    send(mail, callback) {
      const chunks: Buffer[] = []
      const stream = mail.message.createReadStream()
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', (error: Error) => callback(error, undefined as never))
      stream.on('end', () => {
        try {
          fs.mkdirSync(folder, { recursive: true })
          const messageId = mail.message.messageId()
          const file = runtimePath(folder, `${Date.now()}-${messageId.replace(/[^\w.-]/g, '')}.eml`)
          fs.writeFileSync(file, Buffer.concat(chunks))
          callback(null, { envelope: mail.message.getEnvelope(), messageId } as never)
        } catch (error) {
          callback(error as Error, undefined as never)
        }
      })
    },
  })
}

function smtpTransport(host: string): Transporter {
  const { SMTP_SECURE: secure, SMTP_PORT, SMTP_USER, SMTP_PASS } = readEnvironment()
  // `maxRequeues` is nodemailer's own pool option (since 6.4.3), missing from its type definitions.
  const options: SMTPPool.Options & { maxRequeues: number } = {
    host,
    port: SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    auth: SMTP_USER ? { user: SMTP_USER, pass: SMTP_PASS ?? '' } : undefined,
    // One connection kept open for the outbox's stream of messages, not a new one per message.
    pool: true,
    maxConnections: 2,
    // A server that hangs up before answering fails the message after one more try; the pool's
    // default re-queues it forever, and the outbox's round would never end.
    maxRequeues: 1,
    // A hung server must not hold the outbox for long; together these stay under its stale claim.
    ...smtpTimeouts(smtpTimeoutMs()),
  }
  return nodemailer.createTransport(options)
}

/** The mail server's timeout: SMTP_TIMEOUT_SECONDS when set, else the rule's own. */
export function smtpTimeoutMs(): number {
  const seconds = readEnvironment().SMTP_TIMEOUT_SECONDS
  return seconds === undefined ? SMTP_TIMEOUT_MS : seconds * 1000
}

export async function emailAdapter(): Promise<EmailAdapter> {
  const host = readEnvironment().SMTP_HOST
  const from = parseFromAddress()
  // The folder is the one of the database this config was built for, read once.
  const folder = outboxDir()
  const transport = host ? smtpTransport(host) : outboxTransport(folder)
  // Payload's own check of the mail server is awaited while the config is built: a hung server
  // would hold the site's start for its timeouts (15 s). The same check runs beside the start
  // instead; the outbox keeps every message until the server answers.
  const adapter = await nodemailerAdapter({ defaultFromAddress: from.address, defaultFromName: from.name, transport, skipVerify: true })
  return (args) => {
    const initialized = adapter(args)
    if (host) {
      void transport.verify().catch((error: unknown) => args.payload.logger.error({ err: error, msg: 'Error verifying Nodemailer transport.' }))
      return initialized
    }
    // Without SMTP each message's subject is logged, so a developer sees what the site sent.
    return {
      ...initialized,
      async sendEmail(message) {
        const result = await initialized.sendEmail(message)
        args.payload.logger.info(`[email] no SMTP_HOST: wrote "${String(message.subject)}" to ${folder}`)
        return result
      },
    }
  }
}
