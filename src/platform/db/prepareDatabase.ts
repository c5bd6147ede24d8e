import 'server-only'

import type { Migration, Payload } from 'payload'

import { backfillCustomerKeysOnMongo } from '@/collections/Orders/hooks/storeCustomerKeys'
import { migrations } from '@/migrations'
import { ensureFirstAdmin } from '@/seed/firstAdmin'
import { seedContent } from '@/seed'

import { runExclusively } from '../redis/oneInstance'
import { databaseKind } from './database'

/** The longest a first start may take to seed (its photos included) before another instance goes on. */
const SEEDING_MS = 3 * 60 * 1000

/**
 * Runs once per server start, after Payload connects: bring the schema up to date, create the
 * first admin from the environment, and seed the default content into an empty database.
 * Instances sharing Redis do this one at a time, so a fresh database gets one admin and one seed
 * even when they all start at once.
 */
export async function prepareDatabase(payload: Payload): Promise<void> {
  // In production the SQLite adapter runs these itself (`prodMigrations`); dev and tests use the
  // same committed migrations instead of `push`, so one file works in every mode.
  if (databaseKind() === 'sqlite' && process.env.NODE_ENV !== 'production') {
    // The generated index is typed for the SQLite adapter; Payload's generic signature is wider.
    await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
  }
  if (databaseKind() === 'mongodb') {
    const keyed = await backfillCustomerKeysOnMongo(payload)
    if (keyed > 0) payload.logger.info(`Gave customer keys to ${keyed} orders stored before them.`)
  }
  await runExclusively('prepare-database', SEEDING_MS, async () => {
    await ensureFirstAdmin(payload)
    await seedContent(payload)
  })
}
