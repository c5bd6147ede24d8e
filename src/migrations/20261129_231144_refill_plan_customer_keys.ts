import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * The customer keys as the hook made them when this migration was written (src/hooks/storeCustomerKeys.ts,
 * features/admin/customerKeys.ts then): the e-mail lower-cased; the phone as its digits, '+1' before a
 * US number, none when it has fewer than 7 digits. Written here, not imported: a migration must do
 * the same thing after the rule changes.
 */
function customerKeys(plan: { email: string | null; phone: string | null }): { customerEmail: string | null; customerPhone: string | null } {
  const digits = (plan.phone ?? '').replace(/\D/g, '')
  const phone = digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith('1') ? `+${digits}` : digits
  return { customerEmail: (plan.email ?? '').trim().toLowerCase() || null, customerPhone: digits.length >= 7 ? phone : null }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`refill_plans\` ADD \`customer_email\` text;`)
  await db.run(sql`ALTER TABLE \`refill_plans\` ADD \`customer_phone\` text;`)
  // Hand-edited: the plans stored before this migration get their keys by the same rule as the hook
  // that keeps them on every later write (a shop has hundreds of plans: one statement each).
  const plans = await db.all<{ id: number; email: string | null; phone: string | null }>(sql`SELECT \`id\`, \`email\`, \`phone\` FROM \`refill_plans\`;`)
  for (const plan of plans) {
    const { customerEmail, customerPhone } = customerKeys(plan)
    await db.run(sql`UPDATE \`refill_plans\` SET \`customer_email\` = ${customerEmail}, \`customer_phone\` = ${customerPhone} WHERE \`id\` = ${plan.id};`)
  }
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`refill_plans\` DROP COLUMN \`customer_email\`;`)
  await db.run(sql`ALTER TABLE \`refill_plans\` DROP COLUMN \`customer_phone\`;`)
}
