import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`media\` ADD \`shown_with_review\` integer DEFAULT false;`)
  // Hand-edited: the photos of the reviews published before this migration are shown, as the
  // reviews' hook marks them from now on.
  await db.run(sql`UPDATE \`media\` SET \`shown_with_review\` = true WHERE \`id\` IN (SELECT \`image_id\` FROM \`reviews\` WHERE \`status\` = 'published' AND \`image_id\` IS NOT NULL);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`media\` DROP COLUMN \`shown_with_review\`;`)
}
