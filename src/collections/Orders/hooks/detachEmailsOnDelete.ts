import type { CollectionBeforeDeleteHook } from 'payload'

import { orderEmailsAbout } from '@/features/ordering/orderMessageKeys'

/**
 * An order deleted leaves its e-mails in the log (who was told what, and when) but no longer
 * answering to its id. SQLite gives the next order the id of the newest one deleted; without this,
 * that order would find the deleted one's e-mails "already sent" under the same keys
 * (`order:42:received`…) and its customer would get none, and its page would list the other
 * customer's e-mails. Before the order's row goes, in the delete's transaction.
 */
export const detachEmailsOnDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const about = orderEmailsAbout(id)
  const { docs } = await req.payload.find({
    collection: 'email-outbox',
    where: { about: { equals: about } },
    select: { dedupeKey: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const deleted = `deleted ${new Date().toISOString()}`
  for (const email of docs) {
    await req.payload.update({
      collection: 'email-outbox',
      id: email.id,
      data: { about: `${about} (${deleted})`, ...(email.dedupeKey ? { dedupeKey: `${email.dedupeKey} (${deleted})` } : {}) },
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
}
