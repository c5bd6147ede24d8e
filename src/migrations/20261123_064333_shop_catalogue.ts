import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`flavors\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_order\` text,
  	\`name\` text NOT NULL,
  	\`value\` text NOT NULL,
  	\`description\` text,
  	\`photo_id\` integer,
  	\`available\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`photo_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`flavors__order_idx\` ON \`flavors\` (\`_order\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`flavors_value_idx\` ON \`flavors\` (\`value\`);`)
  await db.run(sql`CREATE INDEX \`flavors_photo_idx\` ON \`flavors\` (\`photo_id\`);`)
  await db.run(sql`CREATE INDEX \`flavors_updated_at_idx\` ON \`flavors\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`flavors_created_at_idx\` ON \`flavors\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`stock\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`jars_available\` numeric,
  	\`sold_out_message\` text NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`flavor_names\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`jars_from_batch\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`media\` ADD \`from_review\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`flavors_id\` integer REFERENCES flavors(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_flavors_id_idx\` ON \`payload_locked_documents_rels\` (\`flavors_id\`);`)
  await db.run(sql`ALTER TABLE \`home_page\` ADD \`hero_photo_id\` integer REFERENCES media(id) ON DELETE set null;`)
  await db.run(sql`CREATE INDEX \`home_page_hero_hero_photo_idx\` ON \`home_page\` (\`hero_photo_id\`);`)
  await db.run(sql`ALTER TABLE \`pricing_packages\` ADD \`photo_id\` integer REFERENCES media(id) ON DELETE set null;`)
  await db.run(sql`CREATE INDEX \`pricing_packages_photo_idx\` ON \`pricing_packages\` (\`photo_id\`);`)
  await db.run(sql`ALTER TABLE \`pricing\` ADD \`one_jar_price\` numeric DEFAULT 20 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`pricing\` ADD \`three_jar_price\` numeric DEFAULT 50 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`pricing\` ADD \`six_jar_price\` numeric DEFAULT 100 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`pricing\` ADD \`delivery_fee\` numeric DEFAULT 5 NOT NULL;`)
  // Written by hand: until now every image in the media library came with a visitor's review, and
  // those stay private until their review is published.
  await db.run(sql`UPDATE \`media\` SET \`from_review\` = true WHERE \`id\` IN (SELECT \`image_id\` FROM \`reviews\` WHERE \`image_id\` IS NOT NULL);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`flavors\`;`)
  await db.run(sql`DROP TABLE \`stock\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`orders_id\` integer,
  	\`email_captures_id\` integer,
  	\`contact_messages_id\` integer,
  	\`reviews_id\` integer,
  	\`faqs_id\` integer,
  	\`media_id\` integer,
  	\`users_id\` integer,
  	\`email_outbox_id\` integer,
  	\`form_submissions_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`orders_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_captures_id\`) REFERENCES \`email_captures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`reviews_id\`) REFERENCES \`reviews\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`faqs_id\`) REFERENCES \`faqs\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_outbox_id\`) REFERENCES \`email_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`form_submissions_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "email_captures_id", "contact_messages_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id") SELECT "id", "order", "parent_id", "path", "orders_id", "email_captures_id", "contact_messages_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_captures_id_idx\` ON \`payload_locked_documents_rels\` (\`email_captures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reviews_id_idx\` ON \`payload_locked_documents_rels\` (\`reviews_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_faqs_id_idx\` ON \`payload_locked_documents_rels\` (\`faqs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`CREATE TABLE \`__new_pricing_packages\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`description\` text NOT NULL,
  	\`badge\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pricing\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_pricing_packages\`("_order", "_parent_id", "id", "title", "description", "badge") SELECT "_order", "_parent_id", "id", "title", "description", "badge" FROM \`pricing_packages\`;`)
  await db.run(sql`DROP TABLE \`pricing_packages\`;`)
  await db.run(sql`ALTER TABLE \`__new_pricing_packages\` RENAME TO \`pricing_packages\`;`)
  await db.run(sql`CREATE INDEX \`pricing_packages_order_idx\` ON \`pricing_packages\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`pricing_packages_parent_id_idx\` ON \`pricing_packages\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`__new_home_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`hero_eyebrow\` text,
  	\`hero_heading\` text NOT NULL,
  	\`hero_description\` text NOT NULL,
  	\`benefits_heading\` text NOT NULL,
  	\`call_to_action_heading\` text NOT NULL,
  	\`call_to_action_description\` text NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_home_page\`("id", "hero_eyebrow", "hero_heading", "hero_description", "benefits_heading", "call_to_action_heading", "call_to_action_description", "updated_at", "created_at") SELECT "id", "hero_eyebrow", "hero_heading", "hero_description", "benefits_heading", "call_to_action_heading", "call_to_action_description", "updated_at", "created_at" FROM \`home_page\`;`)
  await db.run(sql`DROP TABLE \`home_page\`;`)
  await db.run(sql`ALTER TABLE \`__new_home_page\` RENAME TO \`home_page\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`flavor_names\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`jars_from_batch\`;`)
  await db.run(sql`ALTER TABLE \`media\` DROP COLUMN \`from_review\`;`)
  await db.run(sql`ALTER TABLE \`pricing\` DROP COLUMN \`one_jar_price\`;`)
  await db.run(sql`ALTER TABLE \`pricing\` DROP COLUMN \`three_jar_price\`;`)
  await db.run(sql`ALTER TABLE \`pricing\` DROP COLUMN \`six_jar_price\`;`)
  await db.run(sql`ALTER TABLE \`pricing\` DROP COLUMN \`delivery_fee\`;`)
}
