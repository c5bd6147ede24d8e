import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * The backfill below is written here, not imported: a migration must do the same thing after the
 * code it was written beside changes. It stores the customers as the Customers view joined them
 * when it was written (features/admin/customers.ts, customerRecords.ts then): the orders grouped
 * into contacts by the database, contacts sharing an e-mail or a phone key joined into one
 * customer, each customer's lists newest first.
 */
type Contact = {
  customerEmail: string | null
  customerPhone: string | null
  fullName: string
  email: string | null
  phone: string
  orders: number
  totalSpent: number
  cancelled: number
  firstOrderAt: string
  lastOrderAt: string
  firstOrderId: number
}

const CONTACT_COLUMNS = sql`\`customer_email\` AS customerEmail, \`customer_phone\` AS customerPhone, \`full_name\` AS fullName, \`email\`, \`phone\`,
  sum(CASE WHEN \`status\` <> 'cancelled' THEN 1 ELSE 0 END) AS orders,
  coalesce(sum(CASE WHEN \`status\` <> 'cancelled' THEN \`total_price\` END), 0) AS totalSpent,
  sum(CASE WHEN \`status\` <> 'cancelled' THEN 0 ELSE 1 END) AS cancelled,
  min(\`created_at\`) AS firstOrderAt, max(\`created_at\`) AS lastOrderAt, min(\`id\`) AS firstOrderId`

/** The keys a customer is found by: `email:…`, `phone:…`, or `order:<id>` for an order with neither. */
const matchKeysOf = (contact: Contact) => {
  const keys = [contact.customerEmail && `email:${contact.customerEmail}`, contact.customerPhone && `phone:${contact.customerPhone}`].filter((key): key is string => Boolean(key))
  return keys.length ? keys : [`order:${contact.firstOrderId}`]
}

/** Contacts sharing any key, joined (union-find), in the order their first contact came. */
function groupContacts(contacts: Contact[]): Contact[][] {
  const parent = contacts.map((_, index) => index)
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]]
    return index
  }
  const firstWith = new Map<string, number>()
  contacts.forEach((contact, index) => {
    for (const key of matchKeysOf(contact)) {
      const first = firstWith.get(key)
      if (first === undefined) firstWith.set(key, index)
      else parent[root(index)] = root(first)
    }
  })
  const groups = new Map<number, Contact[]>()
  contacts.forEach((contact, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), contact]))
  return [...groups.values()]
}

const time = (instant: string) => new Date(instant).getTime()
const distinct = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))]

/** One customer's row of the `customers` table, and its keys for `customers_texts`. */
function customerRow(group: Contact[]) {
  const newestFirst = [...group].sort((a, b) => time(b.lastOrderAt) - time(a.lastOrderAt))
  const newest = newestFirst[0]
  const oldest = group.reduce((first, contact) => (time(contact.firstOrderAt) < time(first.firstOrderAt) ? contact : first))
  const sum = (count: (contact: Contact) => number) => group.reduce((total, contact) => total + count(contact), 0)
  const names = distinct(newestFirst.map((contact) => contact.fullName))
  const emails = distinct(newestFirst.map((contact) => contact.email))
  const phones = distinct(newestFirst.map((contact) => contact.phone))
  return {
    customerKey: `customer-${oldest.firstOrderId}`,
    name: newest.fullName,
    email: newestFirst.find((contact) => contact.email)?.email ?? '',
    phone: newest.phone,
    names,
    emails,
    phones,
    orders: sum((contact) => contact.orders),
    totalSpent: sum((contact) => contact.totalSpent),
    cancelled: sum((contact) => contact.cancelled),
    firstOrderAt: new Date(oldest.firstOrderAt).toISOString(),
    lastOrderAt: new Date(newest.lastOrderAt).toISOString(),
    searchText: [...names, ...emails].map((value) => value.toLowerCase()).join('\n'),
    phoneDigits: phones.map((phone) => phone.replace(/\D/g, '')).filter(Boolean).join('\n'),
    matchKeys: [...new Set(group.flatMap(matchKeysOf))],
  }
}

/** Stores every customer of the orders stored before this migration. */
async function storeAllCustomers(db: MigrateUpArgs['db']): Promise<void> {
  const keyed = await db.all<Contact>(
    sql`SELECT ${CONTACT_COLUMNS} FROM \`orders\` WHERE NOT (\`customer_email\` IS NULL AND \`customer_phone\` IS NULL)
      GROUP BY \`customer_email\`, \`customer_phone\`, \`full_name\`, \`email\`, \`phone\`;`,
  )
  const alone = await db.all<Contact>(sql`SELECT ${CONTACT_COLUMNS} FROM \`orders\` WHERE \`customer_email\` IS NULL AND \`customer_phone\` IS NULL GROUP BY \`id\`;`)
  for (const group of groupContacts([...keyed, ...alone])) {
    const { matchKeys, names, emails, phones, ...row } = customerRow(group)
    const [{ id }] = await db.all<{ id: number }>(
      sql`INSERT INTO \`customers\` (\`customer_key\`, \`name\`, \`email\`, \`phone\`, \`names\`, \`emails\`, \`phones\`, \`orders\`, \`total_spent\`, \`cancelled\`, \`first_order_at\`, \`last_order_at\`, \`search_text\`, \`phone_digits\`)
        VALUES (${row.customerKey}, ${row.name}, ${row.email}, ${row.phone}, ${JSON.stringify(names)}, ${JSON.stringify(emails)}, ${JSON.stringify(phones)}, ${row.orders}, ${row.totalSpent}, ${row.cancelled}, ${row.firstOrderAt}, ${row.lastOrderAt}, ${row.searchText}, ${row.phoneDigits})
        RETURNING \`id\`;`,
    )
    for (const [index, key] of matchKeys.entries()) {
      await db.run(sql`INSERT INTO \`customers_texts\` (\`order\`, \`parent_id\`, \`path\`, \`text\`) VALUES (${index + 1}, ${id}, 'matchKeys', ${key});`)
    }
  }
}

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
  await storeAllCustomers(db)
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
