import type { Access } from 'payload'

/** Visitors see published reviews only; admins see every status. */
export const publishedOrAdmin: Access = ({ req: { user } }) => {
  if (user) return true
  return { status: { equals: 'published' } }
}
