import type { Access, FieldAccess } from 'payload'

/** Every account in `users` is one of the seller's admins; visitors have no accounts. */
export const adminOnly: Access = ({ req: { user } }) => Boolean(user)

/** The same rule for one field of a collection visitors may read. */
export const adminOnlyField: FieldAccess = ({ req: { user } }) => Boolean(user)

/** Nobody writes through the API: the server's own actions create these records via the Local API. */
export const nobody: Access = () => false
