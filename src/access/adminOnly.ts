import type { Access, FieldAccess } from 'payload'

/** Every account in `users` is one of the seller's admins; visitors have no accounts. */
const signedIn = ({ req: { user } }: { req: { user?: unknown } }): boolean => Boolean(user)

export const adminOnly: Access = signedIn

/** The same rule for one field of a collection visitors may read. */
export const adminOnlyField: FieldAccess = signedIn

/** Nobody writes through the API: the server's own actions create these records via the Local API. */
export const nobody: Access = () => false
