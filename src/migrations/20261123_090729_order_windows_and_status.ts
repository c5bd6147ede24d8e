import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`fulfilment_windows\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`method\` text NOT NULL,
  	\`weekday\` text NOT NULL,
  	\`start\` text NOT NULL,
  	\`end\` text NOT NULL,
  	\`place\` text,
  	\`capacity\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`fulfilment\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`fulfilment_windows_order_idx\` ON \`fulfilment_windows\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`fulfilment_windows_parent_id_idx\` ON \`fulfilment_windows\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`fulfilment_blackout_dates\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`date\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`fulfilment\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`fulfilment_blackout_dates_order_idx\` ON \`fulfilment_blackout_dates\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`fulfilment_blackout_dates_parent_id_idx\` ON \`fulfilment_blackout_dates\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`window_label\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`window_key\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`window_starts_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`window_ends_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`window_place\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`status_token\` text;`)
  await db.run(sql`CREATE INDEX \`orders_window_key_idx\` ON \`orders\` (\`window_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_starts_at_idx\` ON \`orders\` (\`window_starts_at\`);`)
  // Hand-written: orders placed before this migration get their status page too (144 random bits).
  await db.run(sql`UPDATE \`orders\` SET \`status_token\` = lower(hex(randomblob(18))) WHERE \`status_token\` IS NULL;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_status_token_idx\` ON \`orders\` (\`status_token\`);`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`lead_time_hours\` numeric DEFAULT 24;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`logo_id\` integer REFERENCES media(id) ON DELETE set null;`)
  await db.run(sql`CREATE INDEX \`site_settings_logo_idx\` ON \`site_settings\` (\`logo_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`fulfilment_windows\`;`)
  await db.run(sql`DROP TABLE \`fulfilment_blackout_dates\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_site_settings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`business_name\` text NOT NULL,
  	\`product_name\` text NOT NULL,
  	\`tagline\` text NOT NULL,
  	\`phone\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`social_handle\` text NOT NULL,
  	\`social_url\` text NOT NULL,
  	\`disclaimer\` text NOT NULL,
  	\`hold_reviews_for_approval\` integer DEFAULT false,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_site_settings\`("id", "business_name", "product_name", "tagline", "phone", "email", "social_handle", "social_url", "disclaimer", "hold_reviews_for_approval", "updated_at", "created_at") SELECT "id", "business_name", "product_name", "tagline", "phone", "email", "social_handle", "social_url", "disclaimer", "hold_reviews_for_approval", "updated_at", "created_at" FROM \`site_settings\`;`)
  await db.run(sql`DROP TABLE \`site_settings\`;`)
  await db.run(sql`ALTER TABLE \`__new_site_settings\` RENAME TO \`site_settings\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`DROP INDEX \`orders_window_key_idx\`;`)
  await db.run(sql`DROP INDEX \`orders_window_starts_at_idx\`;`)
  await db.run(sql`DROP INDEX \`orders_status_token_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`window_label\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`window_key\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`window_starts_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`window_ends_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`window_place\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`status_token\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`lead_time_hours\`;`)
}
