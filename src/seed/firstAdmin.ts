import type { Payload } from 'payload'

import { passwordProblem } from '@/features/admin/auth/passwordPolicy'
import { readEnvironment } from '@/platform/config/environment.mjs'

/**
 * `ADMIN_EMAIL` + `ADMIN_PASSWORD` create the first admin when there is none; without them
 * Payload's own create-first-user screen at /admin does it. A password the admin rules refuse
 * creates nothing: the server starts, and the log says why.
 */
export async function ensureFirstAdmin(payload: Payload): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = readEnvironment()
  if (!email || !password) return
  const { totalDocs } = await payload.count({ collection: 'users' })
  if (totalDocs > 0) return
  const problem = passwordProblem(password)
  if (problem) {
    payload.logger.error(
      `ADMIN_PASSWORD was refused, so no admin account was created for ${email}: ${problem} ` +
        'Set a better ADMIN_PASSWORD and restart, or create the first admin at /admin (until then anyone who opens /admin can).',
    )
    return
  }
  await payload.create({ collection: 'users', data: { email, password, name: 'Admin' } })
  payload.logger.info(`Created the first admin, ${email}.`)
}
