import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Payload } from 'payload'

import { batchFromStockOnMongo } from '@/features/ordering/batchFromStock'

/**
 * MongoDB's one-time move of the old single stock count into a batch (no MongoDB server runs
 * here: a stand-in of the adapter's calls records what would be stored).
 */
function mongoWithOldStock(jarsAvailable: number) {
  const created: Record<string, unknown>[] = []
  const payload = {
    db: {
      name: 'mongoose',
      globals: { findOne: () => ({ lean: async () => ({ jarsAvailable }) }), updateOne: async () => ({}) },
      updateMany: async () => [],
    },
    findGlobal: async () => ({ shelfLifeDays: 14 }),
    create: async ({ data }: { data: Record<string, unknown> }) => {
      created.push(data)
      return { id: 1, ...data }
    },
  }
  return { payload: payload as unknown as Payload, created }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the old stock count becomes a batch on MongoDB', () => {
  it('is made on the seller’s day, also in a Detroit evening when UTC is already on the next day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-01T03:30:00Z')) // Nov 30, 10:30 PM in Detroit
    const { payload, created } = mongoWithOldStock(12)
    expect(await batchFromStockOnMongo(payload)).toBe(true)
    expect(created).toEqual([expect.objectContaining({ madeOn: '2026-11-30T12:00:00.000Z', bestBy: '2026-12-14T12:00:00.000Z', code: 'B-1130', jarsLeft: 12 })])
  })
})
