import 'server-only'

import type { Payload } from 'payload'

import { siteUrl } from '@/platform/config/siteUrl'
import { queueEmail } from '@/platform/email/outbox'
import { businessDay } from '@/shared/time'

import { BACKUP_MISSING_AFTER_MS, healthReport, type HealthReport } from './health'

type CheckName = keyof HealthReport['checks']

/** What each failing check means for the shop and what the seller does about it, in plain words. */
export const ATTENTION: Record<CheckName, { title: string; todo: string }> = {
  database: {
    title: 'The shop cannot save anything',
    todo: 'New orders, reviews and sign-ups are refused with an error. Check that the server’s disk is not full and its data folder can be written, then restart the site.',
  },
  email: {
    title: 'E-mails are not going out',
    todo: 'Customers get no confirmations and you get no order e-mails. Check the mail settings (SMTP_*) and your mail provider; the waiting e-mails go out by themselves once it works. Admin → E-mails sent shows the mail server’s answer.',
  },
  backups: {
    title: 'No recent backup',
    todo: `No good backup in the last ${BACKUP_MISSING_AFTER_MS / 3_600_000} hours. Look for “[backup]” in the server’s log, and make one now with npm run backup.`,
  },
  disk: {
    title: 'The server’s disk is almost full',
    todo: 'Less of the disk is free than set in Admin → Operations settings. Free some space or grow the disk before the shop stops taking orders (old backups are removed by themselves; Admin → Operations shows what takes the room).',
  },
}

/** How often the server looks whether the seller must be told (at most one e-mail a day). */
export const ATTENTION_CHECK_MS = 10 * 60 * 1000

export const failingChecks = (report: HealthReport) => (Object.keys(report.checks) as CheckName[]).filter((name) => !report.checks[name].ok)

/**
 * Writes to the seller once a day while something needs attention (the dashboard shows it all the
 * time): the message's dedupe key is the day. Not while e-mail itself is what fails: that message
 * could not go out, and would arrive stale once it can.
 */
export async function alertSellerWhenUnwell(payload: Payload, now: Date = new Date()): Promise<'queued' | 'well' | 'email failing'> {
  const report = await healthReport(payload, now)
  const failing = failingChecks(report)
  if (failing.length === 0) return 'well'
  if (failing.includes('email')) return 'email failing'
  const today = businessDay(now).key
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  await queueEmail(payload, {
    to: settings.email,
    subject: `Your shop needs attention: ${failing.map((name) => ATTENTION[name].title.toLowerCase()).join('; ')}`,
    text: [
      ...failing.flatMap((name) => [`${ATTENTION[name].title}. ${report.checks[name].summary}`, ATTENTION[name].todo, '']),
      `The same shows on your dashboard until it is fixed: ${siteUrl()}/admin`,
      'You get this e-mail at most once a day while it lasts.',
    ].join('\n'),
    about: 'health',
    dedupeKey: `health:${today}`,
  })
  return 'queued'
}
