import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`order_numbers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`last_number\` numeric,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`reference\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`payment_status\` text DEFAULT 'unpaid';`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`payment_method\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`paid_at\` text;`)
  // Written by hand: orders placed before references get one from their id (the first is SM-1001),
  // and the counter goes on from the last of them. Their payment was never tracked, so it is left
  // empty rather than shown as unpaid.
  await db.run(sql`UPDATE \`orders\` SET \`reference\` = 'SM-' || (1000 + \`id\`), \`payment_status\` = NULL;`)
  await db.run(sql`INSERT INTO \`order_numbers\` (\`last_number\`, \`updated_at\`, \`created_at\`) SELECT 1000 + MAX(\`id\`), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM \`orders\` HAVING COUNT(*) > 0;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_reference_idx\` ON \`orders\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_status_idx\` ON \`orders\` (\`payment_status\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`order_numbers\`;`)
  await db.run(sql`DROP INDEX \`orders_reference_idx\`;`)
  await db.run(sql`DROP INDEX \`orders_payment_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`reference\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`payment_status\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`payment_method\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`paid_at\`;`)
}
