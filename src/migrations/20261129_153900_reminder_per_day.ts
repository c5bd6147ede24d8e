import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * The day-before reminder now goes once per booked day (`order:42:reminder:2026-12-06`), no longer
 * once per order (`order:42:reminder`), so an order moved to another day is reminded again. The
 * reminders already in the outbox get the day they were for, or each order booked for tomorrow
 * would get a second one once this runs: the round queues a reminder from 9:00 (Detroit) of the
 * day before, so the day is the day after the one it was queued on there (UTC minus 4 or 5 hours;
 * minus 6 keeps 9:00–23:59 of Detroit's day on that day in both seasons). Data only: no schema
 * change, hence no snapshot beside it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(
    sql`UPDATE \`email_outbox\` SET \`dedupe_key\` = \`dedupe_key\` || ':' || date(\`created_at\`, '-6 hours', '+1 day') WHERE \`dedupe_key\` GLOB 'order:[0-9]*:reminder';`,
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Back to one key per order: the earliest reminder keeps it, any later one (a moved order's) is
  // filed apart so the unique key holds.
  await db.run(
    sql`UPDATE \`email_outbox\` SET \`dedupe_key\` = \`dedupe_key\` || ' (another day)' WHERE \`dedupe_key\` GLOB 'order:[0-9]*:reminder:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND \`id\` NOT IN (SELECT min(\`id\`) FROM \`email_outbox\` WHERE \`dedupe_key\` GLOB 'order:[0-9]*:reminder:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' GROUP BY substr(\`dedupe_key\`, 1, length(\`dedupe_key\`) - 11));`,
  )
  await db.run(
    sql`UPDATE \`email_outbox\` SET \`dedupe_key\` = substr(\`dedupe_key\`, 1, length(\`dedupe_key\`) - 11) WHERE \`dedupe_key\` GLOB 'order:[0-9]*:reminder:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]';`,
  )
}
