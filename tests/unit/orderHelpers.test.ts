import { describe, expect, it } from 'vitest'

import { draftFromState, emptyDraft } from '@/features/ordering/orderFormState'
import { normalizeDiscountCode } from '@/features/discounts/codes'
import { flavorCounts, flavorsText, jarFlavors } from '@/features/ordering/orderDetails'
import { isWriteConflict } from '@/platform/db/transactions'

describe('order helpers', () => {
  it('writes the flavors as the spec does', () => {
    expect(flavorsText(['peach-ginger'])).toBe('peach-ginger')
    expect(flavorsText(['mixed-berry', 'peach-ginger', 'mixed-berry'])).toBe('Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: mixed-berry')
  })

  it('reads the stored flavors back as one readable flavor per jar, and counts them for packing', () => {
    const stored = flavorsText(['mixed-berry', 'peach-ginger', 'mixed-berry'])
    expect(jarFlavors(stored)).toEqual(['Mixed Berry', 'Peach Ginger', 'Mixed Berry'])
    expect(flavorCounts(stored)).toEqual([
      { flavor: 'Mixed Berry', jars: 2 },
      { flavor: 'Peach Ginger', jars: 1 },
    ])
    expect(jarFlavors(flavorsText(['pineapple-mango']))).toEqual(['Pineapple Mango'])
    // A value the seller typed by hand is shown as written, not lost.
    expect(jarFlavors('Jar 1: mixed-berry, Jar 2: lemon, extra sour')).toEqual(['Mixed Berry', 'lemon, extra sour'])
  })

  it('trims and upper-cases discount codes', () => {
    expect(normalizeDiscountCode('  hc25123456 ')).toBe('HC25123456')
    expect(normalizeDiscountCode(undefined)).toBe('')
    expect(normalizeDiscountCode('HC25\u200B123456\uFEFF')).toBe('HC25123456')
    expect(normalizeDiscountCode(42)).toBe('')
  })

  it('retries SQLite busy errors and MongoDB transient transaction errors, nothing else', () => {
    expect(isWriteConflict(new Error('Error: cannot begin transaction: SQLITE_BUSY: database is locked'))).toBe(true)
    expect(isWriteConflict(Object.assign(new Error('wrapped'), { cause: { code: 'SQLITE_BUSY' } }))).toBe(true)
    expect(isWriteConflict({ code: 112, message: 'WriteConflict' })).toBe(true)
    expect(isWriteConflict({ message: 'x', hasErrorLabel: (label: string) => label === 'TransientTransactionError' })).toBe(true)
    expect(isWriteConflict(new Error('The following field is invalid: email'))).toBe(false)
    expect(isWriteConflict(undefined)).toBe(false)
  })
})

describe('order form state', () => {
  it('starts with the chosen package, delivery unset and no discount', () => {
    expect(draftFromState({ status: 'idle' }, 3)).toEqual(emptyDraft(3))
    expect(emptyDraft(3)).toMatchObject({ quantity: 3, deliveryMethod: '', discountCode: '', appliedCode: null })
  })

  it('goes back to one jar after an order', () => {
    expect(draftFromState({ status: 'success', values: { quantity: '6' } }, 3)).toEqual(emptyDraft(1))
  })

  it('keeps what was chosen after an error', () => {
    const draft = draftFromState(
      { status: 'error', values: { quantity: '6', flavor2: 'peach-ginger', deliveryMethod: 'pickup', discountCode: 'hc25123456' }, appliedDiscountCode: 'HC25123456' },
      1,
    )
    expect(draft).toMatchObject({ quantity: 6, deliveryMethod: 'pickup', discountCode: 'hc25123456', appliedCode: 'HC25123456' })
    expect(draft.flavors[1]).toBe('peach-ginger')
  })
})
