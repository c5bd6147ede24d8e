import 'server-only'

import type { Migration, Payload } from 'payload'

import { migrations } from '@/migrations'

import { runExclusively } from '../redis/oneInstance'
import { databaseKind } from './database'

/** The longest a first start may take to seed (its photos included) before another instance goes on. */
const SEEDING_MS = 3 * 60 * 1000

/**
 * Runs once per server start, after Payload connects: bring the schema up to date, then
 * `prepareData` (MongoDB's data migrations, the first admin and the default content of an empty
 * database: the config composes them). Instances sharing Redis do this one at a time, so a fresh
 * database gets one admin and one seed even when they all start at once.
 */
export async function prepareDatabase(payload: Payload, prepareData: (payload: Payload) => Promise<void>): Promise<void> {
  // In production the SQLite adapter runs these itself (`prodMigrations`); dev and tests use the
  // same committed migrations instead of `push`, so one file works in every mode.
  if (databaseKind() === 'sqlite' && process.env.NODE_ENV !== 'production') {
    // The generated index is typed for the SQLite adapter; Payload's generic signature is wider.
    await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
  }
  await runExclusively('prepare-database', SEEDING_MS, () => prepareData(payload))
}
