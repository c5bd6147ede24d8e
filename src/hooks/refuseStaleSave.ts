import type { CollectionBeforeValidateHook } from 'payload'

import { Refusal } from '@/platform/http/refusal'

/**
 * A save from a page opened before the record last changed is refused rather than written over
 * that change. The admin's form sends the whole record as it was loaded, its `updatedAt` included:
 * a seller's Mark paid on an order page opened before the customer changed their jars wrote the old
 * jars back, and a batch page left open while orders came in would put back the jars they took.
 * The site's own writes send only the fields they change (no `updatedAt`) and pass as before;
 * Payload's own warning, once the seller edits a field of a stale page, says the same beforehand.
 */
export const refuseStaleSave: CollectionBeforeValidateHook = ({ collection, data, operation, originalDoc }) => {
  if (operation !== 'update' || typeof data?.updatedAt !== 'string' || typeof originalDoc?.updatedAt !== 'string') return data
  if (Date.parse(data.updatedAt) >= Date.parse(originalDoc.updatedAt)) return data
  const what = typeof collection.labels?.singular === 'string' ? collection.labels.singular.toLowerCase() : 'record'
  throw new Refusal(staleSaveMessage(what), 409)
}

/** No colon: the admin's toast reads what follows one as a list of fields. */
export const staleSaveMessage = (what: string) =>
  `This ${what} changed after this page was opened (by a customer, the other founder or the site itself), so nothing was saved. Reload the page to see it as it is now, then make your change again.`
