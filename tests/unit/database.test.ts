import { describe, expect, it } from 'vitest'

import { databaseKind } from '@/platform/db/database'

describe('database choice', () => {
  it.each([
    ['', 'sqlite'],
    ['file:./data/storefront.db', 'sqlite'],
    ['mongodb://mongo:27017/seamoss', 'mongodb'],
    ['mongodb+srv://user:pw@cluster.example.net/seamoss', 'mongodb'],
  ])('%s → %s', (uri, kind) => {
    expect(databaseKind(uri)).toBe(kind)
  })
})
