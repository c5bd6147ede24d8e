import { describe, expect, it } from 'vitest'

import { normalizeDiscountCode } from '@/features/discounts/codeFormat'

describe('discount code format', () => {
  it('trims and upper-cases discount codes', () => {
    expect(normalizeDiscountCode('  hc25123456 ')).toBe('HC25123456')
    expect(normalizeDiscountCode(undefined)).toBe('')
    expect(normalizeDiscountCode('HC25\u200B123456\uFEFF')).toBe('HC25123456')
    expect(normalizeDiscountCode(42)).toBe('')
  })
})
