import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createClient, type Client } from '@libsql/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

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
})
