import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

import { storeAllCustomers } from '@/features/admin/customerRecords'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`customers\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`customer_key\` text NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text,
  	\`phone\` text NOT NULL,
  	\`names\` text NOT NULL,
  	\`emails\` text NOT NULL,
  	\`phones\` text NOT NULL,
  	\`orders\` numeric NOT NULL,
  	\`total_spent\` numeric NOT NULL,
  	\`cancelled\` numeric NOT NULL,
  	\`first_order_at\` text NOT NULL,
  	\`last_order_at\` text NOT NULL,
  	\`search_text\` text NOT NULL,
  	\`phone_digits\` text
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`customers_customer_key_idx\` ON \`customers\` (\`customer_key\`);`)
  await db.run(sql`CREATE INDEX \`customers_last_order_at_idx\` ON \`customers\` (\`last_order_at\`);`)
  await db.run(sql`CREATE TABLE \`customers_texts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`text\` text,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`customers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`customers_texts_order_parent\` ON \`customers_texts\` (\`order\`,\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`customers_texts_text_idx\` ON \`customers_texts\` (\`text\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`customers_id\` integer REFERENCES customers(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_customers_id_idx\` ON \`payload_locked_documents_rels\` (\`customers_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_customer_phone_idx\` ON \`orders\` (\`customer_phone\`);`)
  // Hand-edited: the customers of the orders stored before this migration, joined as the Customers
  // view joined them on every visit until now; the orders' hooks keep them from here on.
  await storeAllCustomers(payload, req)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`customers\`;`)
  await db.run(sql`DROP TABLE \`customers_texts\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`orders_id\` integer,
  	\`flavors_id\` integer,
  	\`batches_id\` integer,
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
  	FOREIGN KEY (\`flavors_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`batches_id\`) REFERENCES \`batches\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "flavors_id", "batches_id", "refill_plans_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "push_subscriptions_id", "email_outbox_id", "form_submissions_id") SELECT "id", "order", "parent_id", "path", "orders_id", "flavors_id", "batches_id", "refill_plans_id", "email_captures_id", "contact_messages_id", "unsubscribes_id", "reviews_id", "faqs_id", "media_id", "users_id", "push_subscriptions_id", "email_outbox_id", "form_submissions_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_flavors_id_idx\` ON \`payload_locked_documents_rels\` (\`flavors_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_batches_id_idx\` ON \`payload_locked_documents_rels\` (\`batches_id\`);`)
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
  await db.run(sql`DROP INDEX \`orders_customer_phone_idx\`;`)
}
