import 'server-only'

import type { Payload } from 'payload'
import webpush from 'web-push'

import { readEnvironment } from '@/platform/config/environment.mjs'

/** The server's VAPID identity: the public key browsers subscribe with, the private key signing each push. */
export type VapidKeys = { publicKey: string; privateKey: string }

const KEY = 'push:vapid-keys'

/**
 * `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` when set; else a pair made on first use and kept in the
 * database (Payload's key-value store), so every instance signs with it and a backup restores it:
 * a subscription only accepts pushes signed by the key it was made with.
 */
export async function vapidKeys(payload: Payload): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = readEnvironment()
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY }
  const kept = await payload.kv.get<VapidKeys>(KEY)
  if (kept) return kept
  await payload.kv.set(KEY, webpush.generateVAPIDKeys())
  // Read back: of two instances making a pair at once, both use the one stored last.
  return (await payload.kv.get<VapidKeys>(KEY))!
}

