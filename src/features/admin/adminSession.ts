import 'server-only'

import type { Payload } from 'payload'

import type { User } from '@/payload-types'

export type AdminSession = { status: 'admin'; user: User } | { status: 'anonymous' } | { status: 'forbidden' }

/**
 * Who sent a request, by its headers (the admin's session cookie or an `Authorization: JWT …`):
 * one of the seller's admins, nobody, or someone signed in to another collection. Server actions
 * and route handlers are outside Payload's access checks, so each one asks this before it reads or
 * writes anything.
 */
export async function adminSession(payload: Payload, headers: Headers): Promise<AdminSession> {
  const { user } = await payload.auth({ headers })
  if (!user) return { status: 'anonymous' }
  // Every account in `users` is one of the seller's admins (access/adminOnly.ts).
  return user.collection === 'users' ? { status: 'admin', user } : { status: 'forbidden' }
}
