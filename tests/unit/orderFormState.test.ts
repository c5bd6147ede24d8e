import { describe, expect, it } from 'vitest'

import { draftFromState, emptyDraft, flavorsFromQuery } from '@/features/ordering/orderFormState'

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

  it("takes a refill link's flavors that are still on offer, jar by jar", () => {
    const flavors = [
      { value: 'mixed-berry', name: 'Mixed Berry', available: true },
      { value: 'peach-ginger', name: 'Peach Ginger', available: false },
    ]
    const chosen = flavorsFromQuery('?qty=3&flavor1=mixed-berry&flavor2=peach-ginger&flavor3=made-up&flavor7=mixed-berry', flavors)
    expect(chosen).toEqual(['mixed-berry', '', '', '', '', ''])
    expect(flavorsFromQuery('', flavors).every((flavor) => flavor === '')).toBe(true)
  })

  it("takes a jar label's flavor for the first jar, when it is on offer and not sold out", () => {
    const flavors = [
      { value: 'mixed-berry', name: 'Mixed Berry', available: true },
      { value: 'peach-ginger', name: 'Peach Ginger', available: false },
    ]
    expect(flavorsFromQuery('?flavor=mixed-berry', flavors)).toEqual(['mixed-berry', '', '', '', '', ''])
    expect(flavorsFromQuery('?flavor=peach-ginger', flavors)).toEqual(['', '', '', '', '', ''])
    expect(flavorsFromQuery('?flavor=made-up', flavors)).toEqual(['', '', '', '', '', ''])
  })
})
