import 'client-only'

import { useSyncExternalStore } from 'react'

/**
 * The discount a visitor was given by the e-mail popup, kept in the browser:
 * the popup saves it, the order page shows and applies it, a successful order with it forgets it.
 * The only module that knows the two storage keys. Every access is guarded: storage can be missing
 * (server rendering), blocked (privacy settings) or full, and then there is simply no saved discount.
 */
export const SAVED_DISCOUNT_KEYS = {
  code: 'seamoss.discountCode',
  email: 'seamoss.discountEmail',
} as const

export type SavedDiscount = { code: string | null; email: string | null }

const NONE: SavedDiscount = { code: null, email: null }
const listeners = new Set<() => void>()
let snapshot: SavedDiscount = NONE

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) || null
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) storage()?.setItem(key, value)
    else storage()?.removeItem(key)
  } catch {
    // Blocked or full storage: the discount is not remembered, nothing else breaks.
  }
}

/** The saved code and e-mail; the same object while they do not change (for useSyncExternalStore). */
export function readSavedDiscount(): SavedDiscount {
  const code = read(SAVED_DISCOUNT_KEYS.code)
  const email = read(SAVED_DISCOUNT_KEYS.email)
  if (code !== snapshot.code || email !== snapshot.email) snapshot = code || email ? { code, email } : NONE
  return snapshot
}

function notify(): void {
  for (const listener of listeners) listener()
}

export function saveDiscount(discount: { code: string; email: string }): void {
  write(SAVED_DISCOUNT_KEYS.code, discount.code)
  write(SAVED_DISCOUNT_KEYS.email, discount.email)
  notify()
}

export function clearSavedDiscount(): void {
  write(SAVED_DISCOUNT_KEYS.code, null)
  write(SAVED_DISCOUNT_KEYS.email, null)
  notify()
}

/** Changes made here and in other tabs of the same site. */
export function subscribeSavedDiscount(listener: () => void): () => void {
  listeners.add(listener)
  if (typeof window !== 'undefined') window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', listener)
  }
}

/** The saved discount in a client component; none while rendering on the server and hydrating. */
export function useSavedDiscount(): SavedDiscount {
  return useSyncExternalStore(subscribeSavedDiscount, readSavedDiscount, () => NONE)
}
