import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`refill_plans\` ADD \`list_order\` text;`)
  // Hand-edited: the plans stored before this migration get their place in the list by the rule the
  // hook keeps when this was written (features/refills/rules.ts `planListOrder`): the status's rank
  // (active 0, paused 1, stopped 2), a dash, the next refill's day. Written here, not imported.
  await db.run(
    sql`UPDATE \`refill_plans\` SET \`list_order\` = (CASE \`status\` WHEN 'active' THEN '0' WHEN 'paused' THEN '1' ELSE '2' END) || '-' || \`next_day\`;`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`refill_plans\` DROP COLUMN \`list_order\`;`)
}
