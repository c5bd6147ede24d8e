import type { Payload } from 'payload'

/**
 * `ADMIN_EMAIL` + `ADMIN_PASSWORD` create the first admin when there is none; without them
 * Payload's own create-first-user screen at /admin does it.
 */
export async function ensureFirstAdmin(payload: Payload): Promise<void> {
  const email = process.env.ADMIN_EMAIL?.trim()
  const password = process.env.ADMIN_PASSWORD
  if (!email || !password) return
  const { totalDocs } = await payload.count({ collection: 'users' })
  if (totalDocs > 0) return
  await payload.create({ collection: 'users', data: { email, password, name: 'Admin' } })
  payload.logger.info(`Created the first admin, ${email}.`)
}
