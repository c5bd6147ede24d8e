import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`ingredients\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`allergens\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`label_place\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`net_quantity\` text DEFAULT 'Net Wt 8 oz (227 g)' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`shelf_life_days\` numeric DEFAULT 14 NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`ingredients\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`allergens\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`label_place\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`net_quantity\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`shelf_life_days\`;`)
}
