import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`delivery_runs\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`run_key\` text NOT NULL,
  	\`day\` text NOT NULL,
  	\`stop_order\` text,
  	\`left_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`delivery_runs_run_key_idx\` ON \`delivery_runs\` (\`run_key\`);`)
  await db.run(sql`CREATE INDEX \`delivery_runs_day_idx\` ON \`delivery_runs\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`delivery_runs_updated_at_idx\` ON \`delivery_runs\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`delivery_runs_created_at_idx\` ON \`delivery_runs\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`left_fridge_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`handed_over_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`not_home_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`missed_pickup_at\` text;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`delivery_runs_id\` integer REFERENCES delivery_runs(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_delivery_runs_id_idx\` ON \`payload_locked_documents_rels\` (\`delivery_runs_id\`);`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`delivery_day_enabled\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`delivery_day_out_of_fridge_limit_minutes\` numeric;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`delivery_day_minutes_per_stop\` numeric;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`delivery_day_average_mph\` numeric;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`delivery_day_road_factor\` numeric;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`missed_pickup_enabled\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`missed_pickup_subject\` text DEFAULT 'We missed you: order {reference}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`missed_pickup_body\` text DEFAULT 'Hi {name},
  
  We missed you at {place} ({window}) for your order {reference}. Your jars are waiting in our fridge: text or call us at {phone} and we will find another time.
  
  Your order page: {statusLink}' NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`DROP TABLE \`delivery_runs\`;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`orders_id\` integer,
  	\`customers_id\` integer,
  	\`flavors_id\` integer,
  	\`batches_id\` integer,
  	\`supplier_lots_id\` integer,
  	\`refill_plans_id\` integer,
  	\`email_captures_id\` integer,
  	\`contact_messages_id\` integer,
  	\`unsubscribes_id\` integer,
  	\`reviews_id\` integer,
  	\`faqs_id\` integer,
  	\`media_id\` integer,
  	\`users_id\` integer,
  	\`push_subscriptions_id\` integer,
  	\`email_outbox_id\` integer,
  	\`form_submissions_id\` integer,
  	\`recalls_id\` integer,
  	\`recall_notices_id\` integer,
  	\`waiting_line_id\` integer,
  	\`statement_payments_id\` integer,
  	\`order_changes_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`orders_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`customers_id\`) REFERENCES \`customers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`flavors_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`batches_id\`) REFERENCES \`batches\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`supplier_lots_id\`) REFERENCES \`supplier_lots\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`refill_plans_id\`) REFERENCES \`refill_plans\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_captures_id\`) REFERENCES \`email_captures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`unsubscribes_id\`) REFERENCES \`unsubscribes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`reviews_id\`) REFERENCES \`reviews\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`faqs_id\`) REFERENCES \`faqs\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`push_subscriptions_id\`) REFERENCES \`push_subscriptions\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_outbox_id\`) REFERENCES \`email_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`form_submissions_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`recalls_id\`) REFERENCES \`recalls\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`recall_notices_id\`) REFERENCES \`recall_notices\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`waiting_line_id\`) REFERENCES \`waiting_line\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`statement_payments_id\`) REFERENCES \`statement_payments\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`order_changes_id\`) REFERENCES \`order_changes\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "customers_id", "flavors_id", "batches_id", "supplier_lots_id", "refill_plans_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "push_subscriptions_id", "email_outbox_id", "form_submissions_id", "recalls_id", "recall_notices_id", "waiting_line_id", "statement_payments_id", "order_changes_id") SELECT "id", "order", "parent_id", "path", "orders_id", "customers_id", "flavors_id", "batches_id", "supplier_lots_id", "refill_plans_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "push_subscriptions_id", "email_outbox_id", "form_submissions_id", "recalls_id", "recall_notices_id", "waiting_line_id", "statement_payments_id", "order_changes_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_customers_id_idx\` ON \`payload_locked_documents_rels\` (\`customers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_flavors_id_idx\` ON \`payload_locked_documents_rels\` (\`flavors_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_batches_id_idx\` ON \`payload_locked_documents_rels\` (\`batches_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_supplier_lots_id_idx\` ON \`payload_locked_documents_rels\` (\`supplier_lots_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_refill_plans_id_idx\` ON \`payload_locked_documents_rels\` (\`refill_plans_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_captures_id_idx\` ON \`payload_locked_documents_rels\` (\`email_captures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_unsubscribes_id_idx\` ON \`payload_locked_documents_rels\` (\`unsubscribes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reviews_id_idx\` ON \`payload_locked_documents_rels\` (\`reviews_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_faqs_id_idx\` ON \`payload_locked_documents_rels\` (\`faqs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_push_subscriptions_id_idx\` ON \`payload_locked_documents_rels\` (\`push_subscriptions_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_recalls_id_idx\` ON \`payload_locked_documents_rels\` (\`recalls_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_recall_notices_id_idx\` ON \`payload_locked_documents_rels\` (\`recall_notices_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_waiting_line_id_idx\` ON \`payload_locked_documents_rels\` (\`waiting_line_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_statement_payments_id_idx\` ON \`payload_locked_documents_rels\` (\`statement_payments_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_changes_id_idx\` ON \`payload_locked_documents_rels\` (\`order_changes_id\`);`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`left_fridge_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`handed_over_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`not_home_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`missed_pickup_at\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`delivery_day_enabled\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`delivery_day_out_of_fridge_limit_minutes\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`delivery_day_minutes_per_stop\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`delivery_day_average_mph\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`delivery_day_road_factor\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`missed_pickup_enabled\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`missed_pickup_subject\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`missed_pickup_body\`;`)
}
