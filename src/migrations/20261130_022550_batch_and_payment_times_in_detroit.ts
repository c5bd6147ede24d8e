import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // The zone each time the seller types is read and written in (fields/businessTimeZone.ts). A
  // column added with a constant default gives every existing row that value ('America/Detroit'),
  // without rewriting the table, so batches and orders stored before read in Detroit's time too.
  await db.run(sql`ALTER TABLE \`orders\` ADD \`paidat_tz\` text DEFAULT 'America/Detroit';`)
  await db.run(sql`ALTER TABLE \`batches\` ADD \`opensat_tz\` text DEFAULT 'America/Detroit';`)
  await db.run(sql`ALTER TABLE \`batches\` ADD \`closesat_tz\` text DEFAULT 'America/Detroit';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`paidat_tz\`;`)
  await db.run(sql`ALTER TABLE \`batches\` DROP COLUMN \`opensat_tz\`;`)
  await db.run(sql`ALTER TABLE \`batches\` DROP COLUMN \`closesat_tz\`;`)
}
