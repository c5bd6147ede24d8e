import { describe, expect, it } from 'vitest'

import { isWriteConflict } from '@/platform/db/transactions'

describe('write conflicts', () => {
  it('retries SQLite busy errors and MongoDB transient transaction errors, nothing else', () => {
    expect(isWriteConflict(new Error('Error: cannot begin transaction: SQLITE_BUSY: database is locked'))).toBe(true)
    expect(isWriteConflict(Object.assign(new Error('wrapped'), { cause: { code: 'SQLITE_BUSY' } }))).toBe(true)
    expect(isWriteConflict({ code: 112, message: 'WriteConflict' })).toBe(true)
    expect(isWriteConflict({ message: 'x', hasErrorLabel: (label: string) => label === 'TransientTransactionError' })).toBe(true)
    expect(isWriteConflict(new Error('The following field is invalid: email'))).toBe(false)
    expect(isWriteConflict(undefined)).toBe(false)
  })
})
