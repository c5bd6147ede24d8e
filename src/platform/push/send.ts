import 'server-only'

import type { Payload } from 'payload'
import webpush, { WebPushError } from 'web-push'

import { parseFromAddress } from '@/platform/email/transport'

import { vapidKeys } from './vapid'

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } }

/** A push service answers within this, or the try counts as failed (and is retried). */
const PUSH_TIMEOUT_MS = 10_000

/** How long the push service keeps a message for a phone that is off: a new order is news for a day. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60

/**
 * Sends one notification (encrypted for the subscription's keys, RFC 8291, and signed with the
 * server's VAPID key, RFC 8292). `gone`: the push service no longer knows the subscription (404,
 * 410: the browser unsubscribed or the app was removed), so it is to be forgotten. Any other
 * failure throws, to be tried again.
 */
export async function sendPush(payload: Payload, target: PushTarget, message: unknown): Promise<'sent' | 'gone'> {
  const keys = await vapidKeys(payload)
  try {
    await webpush.sendNotification(target, JSON.stringify(message), {
      vapidDetails: { subject: `mailto:${parseFromAddress().address}`, ...keys },
      TTL: TIME_TO_LIVE_SECONDS,
      urgency: 'high',
      timeout: PUSH_TIMEOUT_MS,
    })
    return 'sent'
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone'
    throw error
  }
}
