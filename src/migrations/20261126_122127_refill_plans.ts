import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`refill_plans\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`status\` text DEFAULT 'active' NOT NULL,
  	\`every_weeks\` numeric NOT NULL,
  	\`next_day\` text NOT NULL,
  	\`problem\` text,
  	\`full_name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text NOT NULL,
  	\`quantity\` numeric NOT NULL,
  	\`flavors\` text NOT NULL,
  	\`delivery_method\` text NOT NULL,
  	\`city\` text NOT NULL,
  	\`address\` text NOT NULL,
  	\`zip\` text NOT NULL,
  	\`consent\` integer DEFAULT false,
  	\`window_rule\` text NOT NULL,
  	\`token\` text NOT NULL,
  	\`source_order_id\` integer,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`source_order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`refill_plans_status_idx\` ON \`refill_plans\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`refill_plans_next_day_idx\` ON \`refill_plans\` (\`next_day\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`refill_plans_token_idx\` ON \`refill_plans\` (\`token\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`refill_plans_source_order_idx\` ON \`refill_plans\` (\`source_order_id\`);`)
  await db.run(sql`CREATE INDEX \`refill_plans_created_at_idx\` ON \`refill_plans\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`refill_plans_updated_at_idx\` ON \`refill_plans\` (\`updated_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`refill_plan_id\` integer REFERENCES refill_plans(id);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`refill_cycle\` text;`)
  await db.run(sql`CREATE INDEX \`orders_refill_plan_idx\` ON \`orders\` (\`refill_plan_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_refill_cycle_idx\` ON \`orders\` (\`refill_cycle\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`refill_plans_id\` integer REFERENCES refill_plans(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_refill_plans_id_idx\` ON \`payload_locked_documents_rels\` (\`refill_plans_id\`);`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`refill_days_ahead\` numeric DEFAULT 3 NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`refill_plans\`;`)
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
  	\`batch_id\` integer,
  	\`refill_reminder\` integer DEFAULT false,
  	\`completed_at\` text,
  	\`status_token\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`batch_id\`) REFERENCES \`batches\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_orders\`("id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "customer_email", "customer_phone", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "batch_id", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at") SELECT "id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "customer_email", "customer_phone", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "batch_id", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at" FROM \`orders\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`ALTER TABLE \`__new_orders\` RENAME TO \`orders\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_reference_idx\` ON \`orders\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`orders_status_idx\` ON \`orders\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`orders_source_idx\` ON \`orders\` (\`source\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_status_idx\` ON \`orders\` (\`payment_status\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_key_idx\` ON \`orders\` (\`window_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_batch_idx\` ON \`orders\` (\`batch_id\`);`)
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
  	\`batches_id\` integer,
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
  	FOREIGN KEY (\`batches_id\`) REFERENCES \`batches\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "flavors_id", "batches_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id") SELECT "id", "order", "parent_id", "path", "orders_id", "flavors_id", "batches_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_flavors_id_idx\` ON \`payload_locked_documents_rels\` (\`flavors_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_batches_id_idx\` ON \`payload_locked_documents_rels\` (\`batches_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_captures_id_idx\` ON \`payload_locked_documents_rels\` (\`email_captures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_unsubscribes_id_idx\` ON \`payload_locked_documents_rels\` (\`unsubscribes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reviews_id_idx\` ON \`payload_locked_documents_rels\` (\`reviews_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_faqs_id_idx\` ON \`payload_locked_documents_rels\` (\`faqs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`refill_days_ahead\`;`)
}
