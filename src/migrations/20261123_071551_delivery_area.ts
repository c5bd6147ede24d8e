import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`fulfilment_delivery_zip_prefixes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`prefix\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`fulfilment\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`fulfilment_delivery_zip_prefixes_order_idx\` ON \`fulfilment_delivery_zip_prefixes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`fulfilment_delivery_zip_prefixes_parent_id_idx\` ON \`fulfilment_delivery_zip_prefixes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`fulfilment\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`free_delivery_from\` numeric,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`fulfilment_delivery_zip_prefixes\`;`)
  await db.run(sql`DROP TABLE \`fulfilment\`;`)
}
