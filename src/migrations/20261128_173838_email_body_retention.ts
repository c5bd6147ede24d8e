import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`operations\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`email_body_retention_days\` numeric DEFAULT 90 NOT NULL,
  	\`min_free_disk_percent\` numeric DEFAULT 10 NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`email_outbox\` ADD \`body_removed_at\` text;`)
  await db.run(sql`ALTER TABLE \`email_outbox\` ADD \`body_kept_days\` numeric;`)
  await db.run(sql`CREATE INDEX \`bodyRemovedAt_sentAt_idx\` ON \`email_outbox\` (\`body_removed_at\`,\`sent_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`operations\`;`)
  await db.run(sql`DROP INDEX \`bodyRemovedAt_sentAt_idx\`;`)
  await db.run(sql`ALTER TABLE \`email_outbox\` DROP COLUMN \`body_removed_at\`;`)
  await db.run(sql`ALTER TABLE \`email_outbox\` DROP COLUMN \`body_kept_days\`;`)
}
