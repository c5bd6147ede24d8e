import type { GlobalConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { OPERATIONS_VIEW } from '@/features/admin/adminViews'
import { DEFAULT_BODY_RETENTION_DAYS, LIST_EMAIL_KEEP_DAYS, MAX_BODY_RETENTION_DAYS, MIN_BODY_RETENTION_DAYS } from '@/platform/email/retentionRules'
import { DEFAULT_MIN_FREE_DISK_PERCENT, MIN_FREE_DISK_PERCENT_RANGE } from '@/platform/health/diskRules'

const wholeNumber = (min: number, max: number, example: number) => (value: unknown) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? true : `A whole number from ${min} to ${max}, e.g. ${example}.`

/**
 * How the server looks after itself: how long sent e-mails keep their text, and when the disk
 * counts as almost full. Admin → Operations shows what these settings do (the database's size, the
 * backups, the free space, the last removal of e-mail texts). A fresh site uses the defaults.
 */
export const Operations: GlobalConfig = {
  slug: 'operations',
  label: 'Operations settings',
  admin: {
    group: 'Admin',
    description: `How long sent e-mails keep their text, and when the server’s disk counts as almost full. What they do shows under Operations (${OPERATIONS_VIEW.url}).`,
  },
  access: { read: adminOnly, update: adminOnly },
  fields: [
    {
      name: 'emailBodyRetentionDays',
      label: 'Keep the text of sent e-mails this many days',
      type: 'number',
      required: true,
      min: MIN_BODY_RETENTION_DAYS,
      max: MAX_BODY_RETENTION_DAYS,
      defaultValue: DEFAULT_BODY_RETENTION_DAYS,
      admin: {
        step: 1,
        description:
          `After this, a sent e-mail keeps who it went to, its subject, what it was about and when it was sent, but not its text. A new batch's e-mail to the list is removed whole after ${LIST_EMAIL_KEEP_DAYS} days (or this, if shorter). E-mails waiting, not sent or that could not be sent keep everything.`,
      },
      validate: wholeNumber(MIN_BODY_RETENTION_DAYS, MAX_BODY_RETENTION_DAYS, DEFAULT_BODY_RETENTION_DAYS),
    },
    {
      name: 'minFreeDiskPercent',
      label: 'Warn when less than this percent of the disk is free',
      type: 'number',
      required: true,
      min: MIN_FREE_DISK_PERCENT_RANGE.min,
      max: MIN_FREE_DISK_PERCENT_RANGE.max,
      defaultValue: DEFAULT_MIN_FREE_DISK_PERCENT,
      admin: {
        step: 1,
        description: 'The dashboard, the health check (/api/health) and a daily e-mail to you say so, before the disk fills and the shop stops taking orders.',
      },
      validate: wholeNumber(MIN_FREE_DISK_PERCENT_RANGE.min, MIN_FREE_DISK_PERCENT_RANGE.max, DEFAULT_MIN_FREE_DISK_PERCENT),
    },
  ],
}
