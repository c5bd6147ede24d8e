import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`exports\` ADD \`status\` text;`)
  // Exports saved before were made inside the request, with their file.
  await db.run(sql`UPDATE \`exports\` SET \`status\` = 'ready' WHERE \`filename\` IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`exports\` DROP COLUMN \`status\`;`)
}
