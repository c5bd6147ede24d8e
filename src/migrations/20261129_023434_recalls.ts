import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`recalls\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`started_by_id\` integer,
  	\`scope\` text NOT NULL,
  	\`reason\` text,
  	\`customers\` numeric,
  	\`orders\` numeric,
  	\`jars\` numeric,
  	\`no_email\` numeric,
  	\`find_ms\` numeric,
  	\`emailed\` numeric,
  	\`held_orders\` numeric,
  	\`stopped\` text,
  	\`subject\` text,
  	\`text\` text,
  	\`request_key\` text,
  	\`notes\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`started_by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`recalls_kind_idx\` ON \`recalls\` (\`kind\`);`)
  await db.run(sql`CREATE INDEX \`recalls_started_by_idx\` ON \`recalls\` (\`started_by_id\`);`)
  await db.run(sql`CREATE INDEX \`recalls_scope_idx\` ON \`recalls\` (\`scope\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`recalls_request_key_idx\` ON \`recalls\` (\`request_key\`);`)
  await db.run(sql`CREATE INDEX \`recalls_created_at_idx\` ON \`recalls\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`recalls_updated_at_idx\` ON \`recalls\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`recall_notices\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`recall_id\` integer NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text,
  	\`phone\` text,
  	\`references\` text,
  	\`outbox_email\` text,
  	\`confirmed_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`recall_id\`) REFERENCES \`recalls\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`recall_notices_recall_idx\` ON \`recall_notices\` (\`recall_id\`);`)
  await db.run(sql`CREATE INDEX \`recall_notices_outbox_email_idx\` ON \`recall_notices\` (\`outbox_email\`);`)
  await db.run(sql`CREATE INDEX \`recall_notices_updated_at_idx\` ON \`recall_notices\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`recall_notices_created_at_idx\` ON \`recall_notices\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`held_by_recall_id\` integer REFERENCES recalls(id);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`recall_release_note\` text;`)
  await db.run(sql`CREATE INDEX \`orders_held_by_recall_idx\` ON \`orders\` (\`held_by_recall_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`recalls_id\` integer REFERENCES recalls(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`recall_notices_id\` integer REFERENCES recall_notices(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_recalls_id_idx\` ON \`payload_locked_documents_rels\` (\`recalls_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_recall_notices_id_idx\` ON \`payload_locked_documents_rels\` (\`recall_notices_id\`);`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`recall_subject\` text DEFAULT 'Recall notice from {business}: {recalled}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`recall_body\` text DEFAULT 'Hi {name},
  
  This is a food-safety recall notice. {business} is recalling the {product} of {recalled}, and your order {references} had jars of it.
  
  Why: {reason}
  
  Please do not eat it. Throw the jars away, or keep them in the fridge for us to collect; we will refund or replace them, whichever you prefer.
  
  Questions, or to tell us someone felt unwell: {contact}.
  
  We are sorry for the trouble.' NOT NULL;`)
  // The generator indents the default's lines inside the statement: the seller's existing row gets the wording as written.
  await db.run(sql`UPDATE \`email_templates\` SET \`recall_body\` = replace(\`recall_body\`, char(10) || '  ', char(10));`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Foreign keys off before the drops: a later migration's rebuild may leave tables that cascade into both.
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`DROP TABLE \`recalls\`;`)
  await db.run(sql`DROP TABLE \`recall_notices\`;`)
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
  	\`refill_plan_id\` integer,
  	\`refill_cycle\` text,
  	\`refill_reminder\` integer DEFAULT false,
  	\`completed_at\` text,
  	\`status_token\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`batch_id\`) REFERENCES \`batches\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`refill_plan_id\`) REFERENCES \`refill_plans\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_orders\`("id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "customer_email", "customer_phone", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "batch_id", "refill_plan_id", "refill_cycle", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at") SELECT "id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "customer_email", "customer_phone", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "batch_id", "refill_plan_id", "refill_cycle", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at" FROM \`orders\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`ALTER TABLE \`__new_orders\` RENAME TO \`orders\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_reference_idx\` ON \`orders\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`orders_status_idx\` ON \`orders\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`orders_source_idx\` ON \`orders\` (\`source\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_status_idx\` ON \`orders\` (\`payment_status\`);`)
  await db.run(sql`CREATE INDEX \`orders_customer_phone_idx\` ON \`orders\` (\`customer_phone\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_key_idx\` ON \`orders\` (\`window_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_batch_idx\` ON \`orders\` (\`batch_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_refill_plan_idx\` ON \`orders\` (\`refill_plan_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_refill_cycle_idx\` ON \`orders\` (\`refill_cycle\`);`)
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
  	FOREIGN KEY (\`form_submissions_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "customers_id", "flavors_id", "batches_id", "supplier_lots_id", "refill_plans_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "push_subscriptions_id", "email_outbox_id", "form_submissions_id") SELECT "id", "order", "parent_id", "path", "orders_id", "customers_id", "flavors_id", "batches_id", "supplier_lots_id", "refill_plans_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "push_subscriptions_id", "email_outbox_id", "form_submissions_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`recall_subject\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`recall_body\`;`)
}
