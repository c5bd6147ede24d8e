import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/** Orders updated by one statement of the backfill. */
const BACKFILL_CHUNK = 500

/**
 * The customer keys as the orders' hook made them when this migration was written
 * (features/admin/customerKeys.ts then): the e-mail lower-cased; the phone as its digits, '+1'
 * before a US number, none when it has fewer than 7 digits. Written here, not imported: a
 * migration must do the same thing after the rule changes.
 */
function customerKeys(order: { email: string | null; phone: string | null }): { customerEmail: string | null; customerPhone: string | null } {
  const digits = (order.phone ?? '').replace(/\D/g, '')
  const phone = digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith('1') ? `+${digits}` : digits
  return { customerEmail: (order.email ?? '').trim().toLowerCase() || null, customerPhone: digits.length >= 7 ? phone : null }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`customer_email\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`customer_phone\` text;`)
  // Hand-edited: the orders stored before this migration get their customer keys by the same rule
  // as the hook that keeps them on every later write (one statement per distinct pair of keys).
  const orders = await db.all<{ id: number; email: string | null; phone: string | null }>(sql`SELECT \`id\`, \`email\`, \`phone\` FROM \`orders\`;`)
  const idsByKeys = new Map<string, { customerEmail: string | null; customerPhone: string | null; ids: number[] }>()
  for (const order of orders) {
    const keys = customerKeys(order)
    const pair = JSON.stringify(keys)
    const entry = idsByKeys.get(pair) ?? { ...keys, ids: [] }
    entry.ids.push(order.id)
    idsByKeys.set(pair, entry)
  }
  for (const { customerEmail, customerPhone, ids } of idsByKeys.values()) {
    for (let start = 0; start < ids.length; start += BACKFILL_CHUNK) {
      const chunk = ids.slice(start, start + BACKFILL_CHUNK)
      await db.run(
        sql`UPDATE \`orders\` SET \`customer_email\` = ${customerEmail}, \`customer_phone\` = ${customerPhone} WHERE \`id\` IN (${sql.join(
          chunk.map((id) => sql`${id}`),
          sql`, `,
        )});`,
      )
    }
  }
  await db.run(sql`CREATE INDEX \`paymentStatus_status_idx\` ON \`orders\` (\`payment_status\`,\`status\`);`)
  await db.run(sql`CREATE INDEX \`status_createdAt_idx\` ON \`orders\` (\`status\`,\`created_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`paymentStatus_status_idx\`;`)
  await db.run(sql`DROP INDEX \`status_createdAt_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`customer_email\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`customer_phone\`;`)
}
