import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createClient, type Client } from '@libsql/client'
import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { sqliteClient } from '@/platform/db/sqliteClient'

/**
 * What the SQLite adapter relies on from @libsql/client (pinned for every package by `overrides`
 * in package.json). Before 0.18 the client handed its connection to each transaction and opened a
 * new one for whatever came next; the transaction's connection was never closed
 * (https://github.com/tursodatabase/libsql-client-ts/issues/350, and closing it did not free its
 * file: https://github.com/tursodatabase/libsql-js/issues/230). Each order left a file handle and
 * a page cache behind: hundreds after a few hundred orders. 0.18 keeps a pool of connections.
 */
describe('the SQLite client (@libsql/client)', () => {
  let folder: string
  let file: string
  let client: Client

  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-libsql-'))
    file = path.join(folder, 'client.db')
    client = createClient({ url: `file:${file}`, timeout: 4321 })
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('CREATE TABLE jars (id INTEGER PRIMARY KEY, flavor TEXT)')
  })

  afterEach(() => {
    client.close()
    fs.rmSync(folder, { recursive: true, force: true })
  })

  /** This process's open handles to the database file and its -wal / -shm, as the kernel lists them. */
  const openHandles = () =>
    fs.readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file)
      } catch {
        return false
      }
    }).length

  it('keeps the number of open files bounded over many transactions, committed or rolled back', async () => {
    const transaction = async (index: number) => {
      const tx = await client.transaction('write')
      await tx.execute({ sql: 'INSERT INTO jars (flavor) VALUES (?)', args: [`flavor ${index}`] })
      await (index % 3 === 0 ? tx.rollback() : tx.commit())
      // A read between transactions, as the site's pages make.
      await client.execute('SELECT count(*) FROM jars')
    }
    await transaction(1)
    const before = openHandles()
    for (let index = 2; index <= 150; index++) await transaction(index)
    // 0.14 left two handles (database and WAL) behind for each of the 149 transactions.
    expect(openHandles()).toBeLessThanOrEqual(before + 3)
    expect((await client.execute('SELECT count(*) AS n FROM jars')).rows[0].n).toBe(100)
  })

  it("gives every connection the busy timeout, also one opened while a transaction holds another (Payload's PRAGMA reaches only the first)", async () => {
    const tx = await client.transaction('write')
    try {
      expect((await tx.execute('PRAGMA busy_timeout')).rows[0][0]).toBe(4321)
      expect((await client.execute('PRAGMA busy_timeout')).rows[0][0]).toBe(4321)
      // FULL, the `synchronous` the adapter asks for: SQLite's default on every new connection.
      expect((await client.execute('PRAGMA synchronous')).rows[0][0]).toBe(2)
    } finally {
      await tx.rollback()
    }
  })

  /**
   * A statement that failed waiting for the write lock (another process held it past the busy
   * timeout) is dropped by the client without being reset: SQLite counts it as running until the
   * garbage collector finalizes it, and its connection goes back to the pool so
   * (docs/upstream/libsql-client-busy-statement.md). `platform/db/sqliteClient.ts` closes the pool's
   * connections after such a failure; when the first test fails, the client resets what failed and
   * that renewal can go.
   */
  describe('after a statement failed waiting for the write lock', () => {
    /** Another process's long write: holds the write lock while `during` runs, then commits a row. */
    async function whileAnotherProcessWrites(during: () => Promise<void>) {
      const other = new Database(file)
      try {
        other.exec('BEGIN IMMEDIATE')
        other.exec("INSERT INTO jars (flavor) VALUES ('other process')")
        await during()
        other.exec('COMMIT')
      } finally {
        other.close()
      }
    }
    const anotherProcessWrites = () => whileAnotherProcessWrites(async () => {})
    const busy = { code: expect.stringMatching(/^SQLITE_BUSY/) }

    it('the bare client leaves that connection reading an old snapshot and unable to begin a transaction (the upstream bug)', async () => {
      const impatient = createClient({ url: `file:${file}`, timeout: 50 })
      try {
        await whileAnotherProcessWrites(async () => {
          await expect(impatient.execute("INSERT INTO jars (flavor) VALUES ('ours')")).rejects.toMatchObject(busy)
        })
        // The pool's only connection, the one whose statement failed, keeps the snapshot of its next read.
        expect((await impatient.execute('SELECT count(*) AS n FROM jars')).rows[0].n).toBe(1)
        await anotherProcessWrites()
        expect((await impatient.execute('SELECT count(*) AS n FROM jars')).rows[0].n).toBe(1)
        await expect(impatient.transaction('write')).rejects.toMatchObject({ code: 'SQLITE_BUSY', extendedCode: 'SQLITE_BUSY_SNAPSHOT' })
      } finally {
        impatient.close()
      }
    })

    it("the site's client opens new connections: the next read sees every commit and the next transaction goes through", async () => {
      const impatient = sqliteClient({ url: `file:${file}`, timeout: 50 })
      try {
        await whileAnotherProcessWrites(async () => {
          await expect(impatient.execute("INSERT INTO jars (flavor) VALUES ('ours')")).rejects.toMatchObject(busy)
          // A transaction cannot begin meanwhile either; that failure is handled alike.
          await expect(impatient.transaction('write')).rejects.toMatchObject(busy)
        })
        expect((await impatient.execute('SELECT count(*) AS n FROM jars')).rows[0].n).toBe(1)
        await anotherProcessWrites()
        expect((await impatient.execute('SELECT count(*) AS n FROM jars')).rows[0].n).toBe(2)
        const tx = await impatient.transaction('write')
        await tx.execute("INSERT INTO jars (flavor) VALUES ('ours, after')")
        await tx.commit()
        const { rows } = await impatient.execute('SELECT flavor FROM jars ORDER BY id')
        expect(rows.map((row) => row.flavor)).toEqual(['other process', 'other process', 'ours, after'])
      } finally {
        impatient.close()
      }
    })

    it('lets a transaction in flight finish when a statement beside it failed, and renews the pool once it has', async () => {
      const impatient = sqliteClient({ url: `file:${file}`, timeout: 50 })
      try {
        const inFlight = await impatient.transaction('write')
        await inFlight.execute("INSERT INTO jars (flavor) VALUES ('in flight')")
        // Waits for the lock the transaction holds, as a write beside one did before database.ts queued them.
        await expect(impatient.execute("INSERT INTO jars (flavor) VALUES ('beside')")).rejects.toMatchObject(busy)
        await inFlight.execute("INSERT INTO jars (flavor) VALUES ('in flight, after')")
        await inFlight.commit()
        // Two reads at once take both connections the pool has; both see what was committed since.
        const counts = async () => (await Promise.all([1, 2].map(() => impatient.execute('SELECT count(*) AS n FROM jars')))).map(({ rows }) => rows[0].n)
        expect(await counts()).toEqual([2, 2])
        await anotherProcessWrites()
        expect(await counts()).toEqual([3, 3])
        const tx = await impatient.transaction('write')
        await tx.execute("INSERT INTO jars (flavor) VALUES ('next')")
        await tx.commit()
      } finally {
        impatient.close()
      }
    })
  })
})
