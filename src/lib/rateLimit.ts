import { headers } from 'next/headers'
import { RateLimiterMemory } from 'rate-limiter-flexible'

/** Per-client limits for the public forms: generous for people, tight for scripts. */
const limiters = {
  contact: new RateLimiterMemory({ keyPrefix: 'contact', points: 5, duration: 10 * 60 }),
  order: new RateLimiterMemory({ keyPrefix: 'order', points: 10, duration: 10 * 60 }),
  discount: new RateLimiterMemory({ keyPrefix: 'discount', points: 10, duration: 10 * 60 }),
  capture: new RateLimiterMemory({ keyPrefix: 'capture', points: 5, duration: 10 * 60 }),
  review: new RateLimiterMemory({ keyPrefix: 'review', points: 5, duration: 10 * 60 }),
}

export type RateLimitedAction = keyof typeof limiters

/** The client's address as the proxy in front of the app reports it. */
export async function clientKey(): Promise<string> {
  const list = await headers()
  return list.get('x-forwarded-for')?.split(',')[0]?.trim() || list.get('x-real-ip') || 'local'
}

/** Takes one attempt from the client's allowance; false when it is used up. */
export async function allowAttempt(action: RateLimitedAction, key: string): Promise<boolean> {
  try {
    await limiters[action].consume(key)
    return true
  } catch {
    return false
  }
}
