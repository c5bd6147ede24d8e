import 'server-only'

import type { Payload } from 'payload'

import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'

import { isUnsubscribeKey } from './signedLinks'

const normalizedAddress = (email: string) => email.trim().toLowerCase()

/**
 * An address leaves the list e-mails (refill reminders, welcome e-mails) through the signed link in
 * one of them, or its mail app's one-click button. Order e-mails still go. Answers whether the link
 * was good; unsubscribing twice is no error.
 */
export async function unsubscribe(payload: Payload, email: unknown, key: unknown): Promise<boolean> {
  if (!isUnsubscribeKey(payload, email, key)) return false
  const address = normalizedAddress(email)
  try {
    await inTransaction(payload, async (req) => {
      const { totalDocs } = await payload.count({ collection: 'unsubscribes', where: { email: { equals: address } }, overrideAccess: true, req })
      if (!totalDocs) await payload.create({ collection: 'unsubscribes', data: { email: address }, overrideAccess: true, req })
      return { commit: true, value: undefined }
    })
  } catch (error) {
    // Two clicks at once: the other one stored it.
    if (!isUniqueViolation(error)) throw error
  }
  return true
}

/** Whether the address is on the unsubscribed list (the page says "Done" only then). */
export async function isUnsubscribed(payload: Payload, email: string): Promise<boolean> {
  // Admins only read the list; the caller checked the link's signature for this address.
  const { totalDocs } = await payload.count({ collection: 'unsubscribes', where: { email: { equals: normalizedAddress(email) } }, overrideAccess: true })
  return totalDocs > 0
}

/** Joining the e-mail list again undoes an earlier unsubscribe: the visitor just asked for it. */
export async function resubscribe(payload: Payload, email: string, req?: Parameters<Payload['delete']>[0]['req']): Promise<void> {
  await payload.delete({ collection: 'unsubscribes', where: { email: { equals: normalizedAddress(email) } }, overrideAccess: true, req })
}
