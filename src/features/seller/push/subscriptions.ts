import 'server-only'

import type { CollectionBeforeDeleteHook, Endpoint, Payload, PayloadRequest } from 'payload'
import { z } from 'zod'

import type { User } from '@/payload-types'
import { vapidKeys } from '@/platform/push/vapid'

/**
 * A seller's phones (or computers) that get a notification for each new order: each signed-in admin
 * opts in per device from the daily screen, which posts the browser's push subscription here.
 */

export const PUSH_SUBSCRIPTIONS = 'push-subscriptions'

/** Devices kept per account: a new one beyond this replaces the one that subscribed longest ago. */
export const MAX_DEVICES_PER_ACCOUNT = 5

const base64url = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `expected ${bytes} bytes, base64url`)

/**
 * What a browser's `PushSubscription.toJSON()` holds. Only an https address: the push service of the
 * visitor's browser (Google's, Mozilla's, Apple's…); the server posts to it, so nothing else is taken.
 */
export const subscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(1024)
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'https:' && !url.username && !url.password
      } catch {
        return false
      }
    }, 'expected the https address of a push service'),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
})

const unsubscribeSchema = z.object({ endpoint: z.string().max(1024) })

/** "Chrome on Android": which device this is, for the seller's list of devices. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'A browser'
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iPhone' : /Mac OS X/.test(ua) ? 'Mac' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : null
  return system ? `${browser} on ${system}` : browser
}

const refused = (status: number, message: string) => Response.json({ errors: [{ message }] }, { status })

async function readJson(req: PayloadRequest): Promise<unknown> {
  try {
    return await req.json?.()
  } catch {
    return null
  }
}

/**
 * Keeps one subscription for its device: made, or taken over by this account when the browser
 * subscribed before (the same address), and the account's oldest ones beyond the limit dropped.
 */
export async function keepSubscription(payload: Payload, userId: User['id'], subscription: z.infer<typeof subscriptionSchema>, device: string): Promise<void> {
  const data = { user: userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, device }
  const { docs } = await payload.find({ collection: PUSH_SUBSCRIPTIONS, where: { endpoint: { equals: subscription.endpoint } }, limit: 1, depth: 0, overrideAccess: true })
  if (docs[0]) await payload.update({ collection: PUSH_SUBSCRIPTIONS, id: docs[0].id, data, depth: 0, overrideAccess: true })
  else await payload.create({ collection: PUSH_SUBSCRIPTIONS, data, depth: 0, overrideAccess: true })
  const { docs: kept } = await payload.find({ collection: PUSH_SUBSCRIPTIONS, where: { user: { equals: userId } }, sort: '-updatedAt', limit: 100, depth: 0, overrideAccess: true })
  const beyond = kept.slice(MAX_DEVICES_PER_ACCOUNT).map((each) => each.id)
  if (beyond.length) await payload.delete({ collection: PUSH_SUBSCRIPTIONS, where: { id: { in: beyond } }, overrideAccess: true })
}

/**
 * `POST /api/push-subscriptions/subscribe`: this device gets a notification for each new order.
 * Signed-in admins only (Payload reads the session cookie only from the site's own origins).
 */
export const subscribeEndpoint: Endpoint = {
  path: '/subscribe',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return refused(401, 'Sign in to get notifications of new orders.')
    const parsed = subscriptionSchema.safeParse(await readJson(req))
    if (!parsed.success) return refused(400, 'This browser gave no push subscription the shop can use.')
    await keepSubscription(req.payload, req.user.id, parsed.data, deviceName(req.headers.get('user-agent')))
    return Response.json({ ok: true }, { status: 201 })
  },
}

/** `POST /api/push-subscriptions/unsubscribe`: this device's notifications stop. */
export const unsubscribeEndpoint: Endpoint = {
  path: '/unsubscribe',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return refused(401, 'Sign in first.')
    const parsed = unsubscribeSchema.safeParse(await readJson(req))
    if (!parsed.success) return refused(400, 'Which device? The browser gave no address.')
    await req.payload.delete({ collection: PUSH_SUBSCRIPTIONS, where: { and: [{ endpoint: { equals: parsed.data.endpoint } }, { user: { equals: req.user.id } }] }, overrideAccess: true })
    return new Response(null, { status: 204 })
  },
}

/** `GET /api/push-subscriptions/key`: the server's public VAPID key, which the browser subscribes with. */
export const publicKeyEndpoint: Endpoint = {
  path: '/key',
  method: 'get',
  handler: async (req) => {
    if (!req.user) return refused(401, 'Sign in first.')
    return Response.json({ publicKey: (await vapidKeys(req.payload)).publicKey }, { headers: { 'Cache-Control': 'no-store' } })
  },
}

/** An admin account deleted: its devices get no more notifications of orders. */
export const forgetDevicesOfUser: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: PUSH_SUBSCRIPTIONS, where: { user: { equals: id } }, overrideAccess: true, req })
}
