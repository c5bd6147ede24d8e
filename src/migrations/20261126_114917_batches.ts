import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`batches_flavors\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`flavor_id\` integer,
  	\`made\` numeric NOT NULL,
  	\`left\` numeric,
  	FOREIGN KEY (\`flavor_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`batches\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`batches_flavors_order_idx\` ON \`batches_flavors\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`batches_flavors_parent_id_idx\` ON \`batches_flavors\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`batches_flavors_flavor_idx\` ON \`batches_flavors\` (\`flavor_id\`);`)
  await db.run(sql`CREATE TABLE \`batches\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`made_on\` text NOT NULL,
  	\`best_by\` text,
  	\`code\` text,
  	\`opens_at\` text,
  	\`closes_at\` text,
  	\`announce\` integer DEFAULT true,
  	\`announced_at\` text,
  	\`jars_left\` numeric,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`batches_made_on_idx\` ON \`batches\` (\`made_on\`);`)
  await db.run(sql`CREATE INDEX \`batches_best_by_idx\` ON \`batches\` (\`best_by\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`batches_code_idx\` ON \`batches\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`batches_opens_at_idx\` ON \`batches\` (\`opens_at\`);`)
  await db.run(sql`CREATE INDEX \`batches_updated_at_idx\` ON \`batches\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`batches_created_at_idx\` ON \`batches\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`batch_id\` integer REFERENCES batches(id);`)
  await db.run(sql`CREATE INDEX \`orders_batch_idx\` ON \`orders\` (\`batch_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`batches_id\` integer REFERENCES batches(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_batches_id_idx\` ON \`payload_locked_documents_rels\` (\`batches_id\`);`)
  await db.run(sql`ALTER TABLE \`stock\` ADD \`min_days_left\` numeric DEFAULT 7 NOT NULL;`)
  await batchFromJarsAvailable(db)
  await db.run(sql`ALTER TABLE \`stock\` DROP COLUMN \`jars_available\`;`)
}

/**
 * The single "jars left in this batch" becomes a batch with that total and no split per flavor,
 * made today (best by after the shelf life), open now and not e-mailed to the list; the orders that hold its jars belong to it,
 * so a cancel gives them back there. No number set (no limit): no batch, as before.
 */
async function batchFromJarsAvailable(db: MigrateUpArgs['db']): Promise<void> {
  const [stock] = await db.all<{ jars_available: number | null }>(sql`SELECT jars_available FROM stock LIMIT 1`)
  if (stock?.jars_available == null) return
  const [settings] = await db.all<{ shelf_life_days: number | null }>(sql`SELECT shelf_life_days FROM site_settings LIMIT 1`)
  const today = new Date().toISOString().slice(0, 10)
  const madeOn = `${today}T12:00:00.000Z`
  const bestBy = new Date(Date.parse(madeOn) + (settings?.shelf_life_days ?? 14) * 86_400_000).toISOString()
  const code = `B-${today.slice(5, 7)}${today.slice(8, 10)}`
  const [batch] = await db.all<{ id: number }>(sql`INSERT INTO batches (made_on, best_by, code, opens_at, announce, jars_left) VALUES (${madeOn}, ${bestBy}, ${code}, ${new Date().toISOString()}, 0, ${stock.jars_available}) RETURNING id`)
  await db.run(sql`UPDATE orders SET batch_id = ${batch.id} WHERE jars_from_batch > 0 AND status != 'cancelled'`)
}


export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`batches_flavors\`;`)
  await db.run(sql`DROP TABLE \`batches\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_orders\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reference\` text,
  	\`status\` text DEFAULT 'new' NOT NULL,
  	\`source\` text DEFAULT 'online',
  	\`payment_status\` text DEFAULT 'unpaid',
  	\`payment_method\` text,
  	\`paid_at\` text,
  	\`full_name\` text NOT NULL,
  	\`email\` text,
  	\`phone\` text NOT NULL,
  	\`instagram\` text,
  	\`customer_email\` text,
  	\`customer_phone\` text,
  	\`quantity\` numeric NOT NULL,
  	\`flavors\` text NOT NULL,
  	\`flavor_names\` text,
  	\`delivery_method\` text NOT NULL,
  	\`city\` text NOT NULL,
  	\`address\` text NOT NULL,
  	\`zip\` text NOT NULL,
  	\`window_label\` text,
  	\`window_key\` text,
  	\`window_starts_at\` text,
  	\`window_ends_at\` text,
  	\`window_place\` text,
  	\`notes\` text,
  	\`consent\` integer DEFAULT false,
  	\`original_price\` numeric NOT NULL,
  	\`delivery_fee\` numeric NOT NULL,
  	\`discount_amount\` numeric NOT NULL,
  	\`total_price\` numeric NOT NULL,
  	\`discount_code\` text,
  	\`jars_from_batch\` numeric DEFAULT 0,
  	\`refill_reminder\` integer DEFAULT false,
  	\`completed_at\` text,
  	\`status_token\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_orders\`("id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "customer_email", "customer_phone", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at") SELECT "id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "customer_email", "customer_phone", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at" FROM \`orders\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`ALTER TABLE \`__new_orders\` RENAME TO \`orders\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_reference_idx\` ON \`orders\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`orders_status_idx\` ON \`orders\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`orders_source_idx\` ON \`orders\` (\`source\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_status_idx\` ON \`orders\` (\`payment_status\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_key_idx\` ON \`orders\` (\`window_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_completed_at_idx\` ON \`orders\` (\`completed_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_status_token_idx\` ON \`orders\` (\`status_token\`);`)
  await db.run(sql`CREATE INDEX \`orders_created_at_idx\` ON \`orders\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`orders_updated_at_idx\` ON \`orders\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`paymentStatus_status_idx\` ON \`orders\` (\`payment_status\`,\`status\`);`)
  await db.run(sql`CREATE INDEX \`status_createdAt_idx\` ON \`orders\` (\`status\`,\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`windowStartsAt_status_idx\` ON \`orders\` (\`window_starts_at\`,\`status\`);`)
  await db.run(sql`CREATE INDEX \`compound_index_idx\` ON \`orders\` (\`customer_email\`,\`customer_phone\`,\`full_name\`,\`email\`,\`phone\`,\`status\`,\`total_price\`,\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`orders_id\` integer,
  	\`flavors_id\` integer,
  	\`email_captures_id\` integer,
  	\`contact_messages_id\` integer,
  	\`unsubscribes_id\` integer,
  	\`reviews_id\` integer,
  	\`faqs_id\` integer,
  	\`media_id\` integer,
  	\`users_id\` integer,
  	\`email_outbox_id\` integer,
  	\`form_submissions_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`orders_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`flavors_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_captures_id\`) REFERENCES \`email_captures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`unsubscribes_id\`) REFERENCES \`unsubscribes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`reviews_id\`) REFERENCES \`reviews\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`faqs_id\`) REFERENCES \`faqs\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_outbox_id\`) REFERENCES \`email_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`form_submissions_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "flavors_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id") SELECT "id", "order", "parent_id", "path", "orders_id", "flavors_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_flavors_id_idx\` ON \`payload_locked_documents_rels\` (\`flavors_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_captures_id_idx\` ON \`payload_locked_documents_rels\` (\`email_captures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_unsubscribes_id_idx\` ON \`payload_locked_documents_rels\` (\`unsubscribes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reviews_id_idx\` ON \`payload_locked_documents_rels\` (\`reviews_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_faqs_id_idx\` ON \`payload_locked_documents_rels\` (\`faqs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`ALTER TABLE \`stock\` ADD \`jars_available\` numeric;`)
  await db.run(sql`ALTER TABLE \`stock\` DROP COLUMN \`min_days_left\`;`)
}
