import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`no_payment_reminder\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`payment_reminders_enabled\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`payment_reminders_timing\` text DEFAULT 'eveningBefore';`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`payment_reminders_evening_at\` text DEFAULT '18:00';`)
  await db.run(sql`ALTER TABLE \`fulfilment\` ADD \`payment_reminders_hours_after\` numeric DEFAULT 24;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`payment_reminder_enabled\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`payment_reminder_subject\` text DEFAULT 'Order {reference}: {total} still to pay' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`email_templates\` ADD \`payment_reminder_body\` text DEFAULT 'Hi {name},
  
  A friendly reminder that your order {reference} is not paid yet.
  
  Please pay {total} and put {reference} in the note:
  {payment}
  
  Already paid? Thank you, and please ignore this e-mail.' NOT NULL;`)
  // The generator indents the default's lines inside the statement: the seller's existing row gets the wording as written.
  await db.run(sql`UPDATE \`email_templates\` SET \`payment_reminder_body\` = replace(\`payment_reminder_body\`, char(10) || '  ', char(10));`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`no_payment_reminder\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`payment_reminders_enabled\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`payment_reminders_timing\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`payment_reminders_evening_at\`;`)
  await db.run(sql`ALTER TABLE \`fulfilment\` DROP COLUMN \`payment_reminders_hours_after\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`payment_reminder_enabled\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`payment_reminder_subject\`;`)
  await db.run(sql`ALTER TABLE \`email_templates\` DROP COLUMN \`payment_reminder_body\`;`)
}
