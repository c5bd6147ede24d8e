import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`unsubscribes\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`email\` text NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`unsubscribes_email_idx\` ON \`unsubscribes\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`unsubscribes_created_at_idx\` ON \`unsubscribes\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`unsubscribes_updated_at_idx\` ON \`unsubscribes\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`email_templates\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`received_enabled\` integer DEFAULT true,
  	\`received_subject\` text DEFAULT 'Your {product} order: {jars}, {total}' NOT NULL,
  	\`received_body\` text DEFAULT 'Hi {name},
  
  Thank you for your order! We will text or e-mail you to confirm your order and {method}.' NOT NULL,
  	\`confirmed_enabled\` integer DEFAULT true,
  	\`confirmed_subject\` text DEFAULT 'Order {reference} is confirmed' NOT NULL,
  	\`confirmed_body\` text DEFAULT 'Hi {name},
  
  Good news: your order {reference} is confirmed.
  
  When: {window}
  Where: {place}
  
  Please pay {total} (put {reference} in the note):
  {payment}
  
  Your order page: {statusLink}' NOT NULL,
  	\`ready_enabled\` integer DEFAULT true,
  	\`ready_subject\` text DEFAULT 'Order {reference} is ready' NOT NULL,
  	\`ready_body\` text DEFAULT 'Hi {name},
  
  Your jars are ready!
  
  When: {window}
  Where: {place}
  
  Still to pay: see {statusLink}
  
  See you soon!' NOT NULL,
  	\`completed_enabled\` integer DEFAULT true,
  	\`completed_subject\` text DEFAULT 'Thank you for your order, {name}' NOT NULL,
  	\`completed_body\` text DEFAULT 'Hi {name},
  
  Thank you for choosing {business}! Keep your gel in the fridge; it stays fresh for about two weeks.
  
  How do you like it? A short review helps us a lot: {reviewLink}' NOT NULL,
  	\`cancelled_enabled\` integer DEFAULT true,
  	\`cancelled_subject\` text DEFAULT 'Order {reference} was cancelled' NOT NULL,
  	\`cancelled_body\` text DEFAULT 'Hi {name},
  
  Your order {reference} has been cancelled. If that''s unexpected, or you would like to order again, text or call us at {phone} or just reply to this e-mail.' NOT NULL,
  	\`reminder_enabled\` integer DEFAULT true,
  	\`reminder_subject\` text DEFAULT 'See you tomorrow: order {reference}' NOT NULL,
  	\`reminder_body\` text DEFAULT 'Hi {name},
  
  A reminder that your order {reference} is booked for {window}.
  Where: {place}
  
  Total: {total}. Your order page: {statusLink}' NOT NULL,
  	\`refill_enabled\` integer DEFAULT true,
  	\`refill_subject\` text DEFAULT 'Time for a fresh jar, {name}?' NOT NULL,
  	\`refill_body\` text DEFAULT 'Hi {name},
  
  Your sea moss gel from {business} is about two weeks old now, the time it stays at its best. Order the same again in a tap: {orderAgainLink}' NOT NULL,
  	\`refill_refill_after_days\` numeric DEFAULT 12,
  	\`welcome_enabled\` integer DEFAULT true,
  	\`welcome_subject\` text DEFAULT 'Your 25% off code: {code}' NOT NULL,
  	\`welcome_body\` text DEFAULT 'Hi {name},
  
  Thank you for joining the {business} e-mail list! Here is your first-order discount code:
  
      {code}' NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  // Hand-edited below: the generated copy selected the new columns (source, refill_reminder,
  // completed_at) from the old table, which has none; earlier orders came in online, asked for no
  // refill reminder, and a completed one counts as completed when it was last changed.
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
  await db.run(sql`INSERT INTO \`__new_orders\`("id", "reference", "status", "source", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "refill_reminder", "completed_at", "status_token", "created_at", "updated_at") SELECT "id", "reference", "status", 'online', "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", false, CASE WHEN "status" = 'completed' THEN "updated_at" END, "status_token", "created_at", "updated_at" FROM \`orders\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`ALTER TABLE \`__new_orders\` RENAME TO \`orders\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_reference_idx\` ON \`orders\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`orders_status_idx\` ON \`orders\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`orders_source_idx\` ON \`orders\` (\`source\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_status_idx\` ON \`orders\` (\`payment_status\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_key_idx\` ON \`orders\` (\`window_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_starts_at_idx\` ON \`orders\` (\`window_starts_at\`);`)
  await db.run(sql`CREATE INDEX \`orders_completed_at_idx\` ON \`orders\` (\`completed_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_status_token_idx\` ON \`orders\` (\`status_token\`);`)
  await db.run(sql`CREATE INDEX \`orders_created_at_idx\` ON \`orders\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`orders_updated_at_idx\` ON \`orders\` (\`updated_at\`);`)
  await db.run(sql`ALTER TABLE \`reviews\` ADD \`verified_buyer\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`reviews\` ADD \`order_id\` integer REFERENCES orders(id) ON DELETE set null;`)
  await db.run(sql`CREATE UNIQUE INDEX \`reviews_order_idx\` ON \`reviews\` (\`order_id\`);`)
  await db.run(sql`ALTER TABLE \`email_outbox\` ADD \`list_unsubscribe\` text;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`unsubscribes_id\` integer REFERENCES unsubscribes(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_unsubscribes_id_idx\` ON \`payload_locked_documents_rels\` (\`unsubscribes_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`unsubscribes\`;`)
  await db.run(sql`DROP TABLE \`email_templates\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_reviews\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`status\` text DEFAULT 'published' NOT NULL,
  	\`name\` text NOT NULL,
  	\`rating\` numeric DEFAULT 5 NOT NULL,
  	\`comment\` text NOT NULL,
  	\`image_id\` integer,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_reviews\`("id", "status", "name", "rating", "comment", "image_id", "created_at", "updated_at") SELECT "id", "status", "name", "rating", "comment", "image_id", "created_at", "updated_at" FROM \`reviews\`;`)
  await db.run(sql`DROP TABLE \`reviews\`;`)
  await db.run(sql`ALTER TABLE \`__new_reviews\` RENAME TO \`reviews\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`reviews_status_idx\` ON \`reviews\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`reviews_image_idx\` ON \`reviews\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`reviews_created_at_idx\` ON \`reviews\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`reviews_updated_at_idx\` ON \`reviews\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`orders_id\` integer,
  	\`flavors_id\` integer,
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
  	FOREIGN KEY (\`flavors_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "orders_id", "flavors_id", "email_captures_id", "contact_messages_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id") SELECT "id", "order", "parent_id", "path", "orders_id", "flavors_id", "email_captures_id", "contact_messages_id", "reviews_id", "faqs_id", "media_id", "users_id", "email_outbox_id", "form_submissions_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_flavors_id_idx\` ON \`payload_locked_documents_rels\` (\`flavors_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_captures_id_idx\` ON \`payload_locked_documents_rels\` (\`email_captures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reviews_id_idx\` ON \`payload_locked_documents_rels\` (\`reviews_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_faqs_id_idx\` ON \`payload_locked_documents_rels\` (\`faqs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_submissions_id_idx\` ON \`payload_locked_documents_rels\` (\`form_submissions_id\`);`)
  await db.run(sql`CREATE TABLE \`__new_orders\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reference\` text,
  	\`status\` text DEFAULT 'new' NOT NULL,
  	\`payment_status\` text DEFAULT 'unpaid',
  	\`payment_method\` text,
  	\`paid_at\` text,
  	\`full_name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text NOT NULL,
  	\`instagram\` text,
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
  	\`status_token\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_orders\`("id", "reference", "status", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "status_token", "created_at", "updated_at") SELECT "id", "reference", "status", "payment_status", "payment_method", "paid_at", "full_name", "email", "phone", "instagram", "quantity", "flavors", "flavor_names", "delivery_method", "city", "address", "zip", "window_label", "window_key", "window_starts_at", "window_ends_at", "window_place", "notes", "consent", "original_price", "delivery_fee", "discount_amount", "total_price", "discount_code", "jars_from_batch", "status_token", "created_at", "updated_at" FROM \`orders\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`ALTER TABLE \`__new_orders\` RENAME TO \`orders\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_reference_idx\` ON \`orders\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`orders_status_idx\` ON \`orders\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_status_idx\` ON \`orders\` (\`payment_status\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_key_idx\` ON \`orders\` (\`window_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_window_starts_at_idx\` ON \`orders\` (\`window_starts_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_status_token_idx\` ON \`orders\` (\`status_token\`);`)
  await db.run(sql`CREATE INDEX \`orders_created_at_idx\` ON \`orders\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`orders_updated_at_idx\` ON \`orders\` (\`updated_at\`);`)
  await db.run(sql`ALTER TABLE \`email_outbox\` DROP COLUMN \`list_unsubscribe\`;`)
}
