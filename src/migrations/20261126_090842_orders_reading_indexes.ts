import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`orders_window_starts_at_idx\`;`)
  await db.run(sql`CREATE INDEX \`windowStartsAt_status_idx\` ON \`orders\` (\`window_starts_at\`,\`status\`);`)
  await db.run(sql`CREATE INDEX \`compound_index_idx\` ON \`orders\` (\`customer_email\`,\`customer_phone\`,\`full_name\`,\`email\`,\`phone\`,\`status\`,\`total_price\`,\`created_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`windowStartsAt_status_idx\`;`)
  await db.run(sql`DROP INDEX \`compound_index_idx\`;`)
  await db.run(sql`CREATE INDEX \`orders_window_starts_at_idx\` ON \`orders\` (\`window_starts_at\`);`)
}
