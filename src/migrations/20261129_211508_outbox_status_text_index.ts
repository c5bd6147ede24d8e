import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`email_outbox_status_idx\`;`)
  await db.run(sql`CREATE INDEX \`status_bodyRemovedAt_idx\` ON \`email_outbox\` (\`status\`,\`body_removed_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`status_bodyRemovedAt_idx\`;`)
  await db.run(sql`CREATE INDEX \`email_outbox_status_idx\` ON \`email_outbox\` (\`status\`);`)
}
