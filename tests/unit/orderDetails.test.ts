import { describe, expect, it } from 'vitest'

import { flavorCounts, flavorsText, jarFlavors, readableFlavors } from '@/features/ordering/orderDetails'

describe('the flavors of an order', () => {
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

  it('shows flavor names instead of their codes', () => {
    expect(readableFlavors('peach-ginger')).toBe('Peach Ginger')
  })
})
