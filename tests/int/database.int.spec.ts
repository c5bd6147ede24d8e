import fs from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startPayload, type TestPayload } from '../helpers/payload'

describe('concurrent writes', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('stores every one of many writes started at once', async () => {
    const writes = Array.from({ length: 12 }, (_, index) =>
      app.payload.create({ collection: 'contact-messages', data: { name: `Writer ${index}`, email: `w${index}@example.com`, message: 'At once' } }),
    )
    const created = await Promise.all(writes)
    expect(new Set(created.map((doc) => doc.id)).size).toBe(12)
    const stored = await app.payload.find({ collection: 'contact-messages', where: { message: { equals: 'At once' } }, limit: 100 })
    expect(stored.totalDocs).toBe(12)
  })

  it('keeps working after a failed write rolls back', async () => {
    await expect(app.payload.create({ collection: 'contact-messages', data: { name: 'No e-mail' } as never })).rejects.toThrow()
    const results = await Promise.all([
      app.payload.create({ collection: 'faqs', data: { question: 'Concurrent 1?', answer: 'Yes' }, context: { disableRevalidate: true } }),
      app.payload.create({ collection: 'faqs', data: { question: 'Concurrent 2?', answer: 'Yes' }, context: { disableRevalidate: true } }),
    ])
    expect(results).toHaveLength(2)
    expect((await app.payload.count({ collection: 'faqs', where: { question: { like: 'Concurrent' } } })).totalDocs).toBe(2)
  })

  it('runs transaction after transaction on pooled connections, never leaving one open behind', async () => {
    if (!app.databaseUri.startsWith('file:')) return
    const file = app.databaseUri.slice('file:'.length)
    // Open handles to the database file (and its -wal / -shm), as the kernel lists them.
    const handles = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file)
        } catch {
          return false
        }
      }).length
    const write = (index: number) => app.payload.create({ collection: 'contact-messages', data: { name: `Kept ${index}`, email: `k${index}@example.com`, message: 'Kept connection' } })
    await write(0)
    const before = handles()
    for (let index = 1; index <= 60; index++) await write(index)
    // @libsql/client before 0.18 opened a connection per transaction and never closed it: 60 more at least.
    expect(handles()).toBeLessThanOrEqual(before + 3)
    expect((await app.payload.count({ collection: 'contact-messages', where: { message: { equals: 'Kept connection' } } })).totalDocs).toBe(61)

    // A rolled-back transaction leaves nothing, and the connection serves the next one.
    const req = { payload: app.payload } as never
    const { initTransaction, killTransaction } = await import('payload')
    await initTransaction(req)
    await app.payload.create({ collection: 'contact-messages', data: { name: 'Rolled back', email: 'r@example.com', message: 'Kept connection' }, req })
    await killTransaction(req)
    await write(61)
    const names = (await app.payload.find({ collection: 'contact-messages', where: { message: { equals: 'Kept connection' } }, limit: 100 })).docs.map((doc) => doc.name)
    expect(names).toHaveLength(62)
    expect(names).not.toContain('Rolled back')
  })

  it('keeps the file in write-ahead-log mode: a long read beside it (a backup) holds no write back', async () => {
    if (!app.databaseUri.startsWith('file:')) return
    const file = app.databaseUri.slice('file:'.length)
    // The file's header says so (bytes 18 and 19: 2 for WAL, 1 for the rollback journal).
    const header = Buffer.alloc(2)
    const fd = fs.openSync(file, 'r')
    fs.readSync(fd, header, 0, 2, 18)
    fs.closeSync(fd)
    expect([...header]).toEqual([2, 2])

    const { createClient } = await import('@libsql/client')
    const reader = createClient({ url: app.databaseUri })
    const reading = await reader.transaction('read')
    try {
      await reading.execute('SELECT count(*) FROM contact_messages')
      // In rollback mode the COMMIT waits for the reader, still open here, until the busy timeout,
      // then fails: the create throws and nothing is stored.
      await app.payload.create({ collection: 'contact-messages', data: { name: 'Beside a reader', email: 'b@example.com', message: 'Written while read' } })
    } finally {
      reading.close()
      reader.close()
    }
    expect((await app.payload.count({ collection: 'contact-messages', where: { message: { equals: 'Written while read' } } })).totalDocs).toBe(1)
  })
})
