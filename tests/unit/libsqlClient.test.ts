import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createClient, type Client } from '@libsql/client'
import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

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
   * Patched (patches/@libsql+client+*.patch): each connection keeps its statements prepared. A
   * server's order runs about twenty statements, each of them prepared and described again at
   * every call before: 1.2–1.5 ms of an order's 18–21 ms of CPU (docs/PERFORMANCE.md). When the
   * patch no longer applies (a new @libsql/client), `npm ci` fails; when the client prepares at
   * every call again, the first test fails.
   */
  describe('prepared statements, kept per connection', () => {
    it('prepares a statement once, however often it runs', async () => {
      const prepare = vi.spyOn(Database.prototype, 'prepare')
      try {
        for (let index = 0; index < 5; index++) {
          await client.execute({ sql: 'INSERT INTO jars (flavor) VALUES (?)', args: [`flavor ${index}`] })
          await client.execute({ sql: 'SELECT flavor FROM jars WHERE id = ?', args: [index + 1] })
        }
        expect(prepare.mock.calls.map(([sql]) => sql)).toEqual(['INSERT INTO jars (flavor) VALUES (?)', 'SELECT flavor FROM jars WHERE id = ?'])
      } finally {
        prepare.mockRestore()
      }
      const { rows } = await client.execute({ sql: 'SELECT flavor FROM jars WHERE id = ?', args: [3] })
      expect(rows[0].flavor).toBe('flavor 2')
    })

    it("gives each result its own column names: a caller's change to one is not the next one's", async () => {
      await client.execute({ sql: 'INSERT INTO jars (flavor) VALUES (?)', args: ['mixed-berry'] })
      const first = await client.execute('SELECT flavor FROM jars')
      first.columns[0] = 'changed'
      const again = await client.execute('SELECT flavor FROM jars')
      expect(again.columns).toEqual(['flavor'])
      expect(again.rows[0].flavor).toBe('mixed-berry')
    })

    it('runs a statement again after it failed', async () => {
      await client.execute('CREATE UNIQUE INDEX jars_flavor ON jars (flavor)')
      const insert = (flavor: string) => client.execute({ sql: 'INSERT INTO jars (flavor) VALUES (?)', args: [flavor] })
      await insert('mixed-berry')
      await expect(insert('mixed-berry')).rejects.toThrow(/UNIQUE/)
      await insert('peach-ginger')
      expect((await client.execute('SELECT flavor FROM jars ORDER BY id')).rows.map((row) => row.flavor)).toEqual(['mixed-berry', 'peach-ginger'])
    })

    it('reads the columns a table has now, after a change through the same connection or another', async () => {
      await client.execute({ sql: 'INSERT INTO jars (flavor) VALUES (?)', args: ['mixed-berry'] })
      const columns = async () => Object.keys((await client.execute('SELECT * FROM jars')).rows[0])
      expect(await columns()).toEqual(['id', 'flavor'])
      await client.execute('ALTER TABLE jars ADD COLUMN made_on TEXT')
      expect(await columns()).toEqual(['id', 'flavor', 'made_on'])
      // As many columns as before: only the statement's own description can tell.
      await client.execute('ALTER TABLE jars RENAME COLUMN made_on TO made')
      expect(await columns()).toEqual(['id', 'flavor', 'made'])
      await client.executeMultiple('ALTER TABLE jars ADD COLUMN best_by TEXT; ALTER TABLE jars RENAME COLUMN best_by TO good_until')
      expect(await columns()).toEqual(['id', 'flavor', 'made', 'good_until'])

      const other = createClient({ url: `file:${file}` })
      try {
        await other.execute('ALTER TABLE jars ADD COLUMN price INTEGER')
      } finally {
        other.close()
      }
      expect(await columns()).toEqual(['id', 'flavor', 'made', 'good_until', 'price'])
    })
  })
})
