import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { keepStatements } from '@/platform/db/sqliteConnections'

describe('statements kept per connection', () => {
  let folder: string
  let connection: Database.Database
  let compiled: string[]

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-statements-'))
    const raw = new Database(path.join(folder, 'kept.db'))
    // Records each SQL text SQLite is asked to compile.
    compiled = []
    const prepare = raw.prepare.bind(raw)
    raw.prepare = (sql: string) => {
      compiled.push(sql)
      return prepare(sql)
    }
    connection = keepStatements(raw)
    connection.exec('CREATE TABLE jars (id INTEGER PRIMARY KEY, flavor TEXT UNIQUE)')
  })

  afterEach(() => {
    connection.close()
    fs.rmSync(folder, { recursive: true, force: true })
  })

  const insert = (flavor: string) => connection.prepare('INSERT INTO jars (flavor) VALUES (?)').run([flavor])
  const flavorsFrom = (id: number) => connection.prepare('SELECT id, flavor FROM jars WHERE id >= ? ORDER BY id').raw(true).all([id])

  it('compiles a query once and answers each run with its own arguments', () => {
    insert('mixed-berry')
    insert('peach-ginger')
    expect(flavorsFrom(1)).toEqual([
      [1, 'mixed-berry'],
      [2, 'peach-ginger'],
    ])
    expect(flavorsFrom(2)).toEqual([[2, 'peach-ginger']])
    expect(compiled.filter((sql) => sql.startsWith('INSERT'))).toHaveLength(1)
    expect(compiled.filter((sql) => sql.startsWith('SELECT'))).toHaveLength(1)
  })

  it('reuses a statement after it failed, and after a read was left half-way', () => {
    insert('mixed-berry')
    expect(() => insert('mixed-berry')).toThrow(/UNIQUE/)
    expect(insert('pineapple-mango').changes).toBe(1)
    const rows = connection.prepare('SELECT id, flavor FROM jars WHERE id >= ? ORDER BY id').raw(true).iterate([1])
    rows.next()
    expect(flavorsFrom(1)).toEqual([
      [1, 'mixed-berry'],
      [2, 'pineapple-mango'],
    ])
  })

  it('answers the columns of a kept statement without asking SQLite again', () => {
    const statement = connection.prepare('SELECT id, flavor FROM jars')
    expect(statement.columns().map((column) => column.name)).toEqual(['id', 'flavor'])
    expect(connection.prepare('SELECT id, flavor FROM jars')).toBe(statement)
    expect(statement.columns().map((column) => column.name)).toEqual(['id', 'flavor'])
  })

  it('tells a write without rows from a read once per statement, as libsql does, by refusing raw mode', () => {
    const write = connection.prepare('INSERT INTO jars (flavor) VALUES (?)')
    const refusal = (statement: Database.Statement) => {
      try {
        statement.raw(true)
      } catch (error) {
        return error
      }
    }
    const first = refusal(write)
    expect(first).toBeInstanceOf(Error)
    // The kept statement's own refusal again: no new error (and stack) for each write.
    expect(refusal(connection.prepare('INSERT INTO jars (flavor) VALUES (?)'))).toBe(first)
    expect(write.run(['mango']).changes).toBe(1)
    // A read takes raw mode and answers rows as arrays.
    expect(connection.prepare('SELECT flavor FROM jars').raw(true).all()).toEqual([['mango']])
  })

  it('starts afresh after a schema change prepared on the connection', () => {
    flavorsFrom(1)
    connection.prepare('ALTER TABLE jars ADD COLUMN notes TEXT').run()
    flavorsFrom(1)
    expect(compiled.filter((sql) => sql.startsWith('SELECT'))).toHaveLength(2)
    expect(compiled.filter((sql) => sql.startsWith('ALTER'))).toHaveLength(1)
  })

  it('keeps at most 256 statements, dropping the least recently used', () => {
    const count = (id: number) => connection.prepare(`SELECT count(*) FROM jars WHERE id <> ${id}`).raw(true).all()
    count(0)
    for (let id = 1; id <= 300; id++) {
      count(id)
      count(0) // used all along: never the least recently used
    }
    count(1) // dropped long ago: compiled again
    const compilations = (id: number) => compiled.filter((sql) => sql === `SELECT count(*) FROM jars WHERE id <> ${id}`).length
    expect(compilations(0)).toBe(1)
    expect(compilations(1)).toBe(2)
    expect(compilations(300)).toBe(1)
  })
})
