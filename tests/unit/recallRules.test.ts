import { describe, expect, it } from 'vitest'

import { lotTitle } from '@/features/recalls/lots'
import { DEFAULT_RECALL_SORT, readRecallRequest, recallQuery, recallSortOf, type RecallScope } from '@/features/recalls/rules'

describe('a recall’s address', () => {
  it('reads back every scope it writes, with its sort and page', () => {
    const scopes: RecallScope[] = [
      { kind: 'batch', batch: '12' },
      { kind: 'flavor', batch: '12', flavor: 'peach-ginger' },
      { kind: 'made', from: '2026-12-01', to: '2026-12-05' },
      { kind: 'lot', lot: '64b7f0c2a1e3d4b5c6a7b8c9' },
    ]
    for (const scope of scopes) {
      const request = readRecallRequest(new URLSearchParams(recallQuery(scope, { sort: { column: 'jars', descending: true }, page: 3 })))
      expect(request).toMatchObject({ scope, sort: { column: 'jars', descending: true }, page: 3, problems: [] })
    }
  })

  it('leaves the default sort and the first page out of the address', () => {
    expect(recallQuery({ kind: 'batch', batch: '7' }, { sort: DEFAULT_RECALL_SORT, page: 1 })).toBe('scope=batch&batch=7')
  })

  it('takes an unknown sort or page as the defaults, and the first of a repeated field', () => {
    expect(recallSortOf('-drop table')).toEqual(DEFAULT_RECALL_SORT)
    expect(readRecallRequest({ scope: ['batch', 'lot'], batch: ['3', '4'], page: '0', sort: 'price' })).toMatchObject({ scope: { kind: 'batch', batch: '3' }, page: 1, sort: DEFAULT_RECALL_SORT })
  })

  it('shows the form alone until a scope is chosen, and says what is missing', () => {
    expect(readRecallRequest({})).toMatchObject({ problems: [] })
    expect(readRecallRequest({}).scope).toBeUndefined()
    expect(readRecallRequest({ scope: 'flavor', batch: '3' }).problems).toEqual(['Choose the flavor.'])
    expect(readRecallRequest({ scope: 'flavor', batch: '3', flavor: 'Peach Ginger' }).problems).toEqual(['That flavor is not one of yours: choose it from the list.'])
    expect(readRecallRequest({ scope: 'lot' }).problems).toEqual(['Choose the supplier’s lot.'])
    expect(readRecallRequest({ scope: 'made', from: '2026-02-30', to: '2026-03-01' }).problems[0]).toMatch(/as dates/)
  })
})

describe('a supplier lot’s title', () => {
  it('reads as the picker shows it, with or without a number', () => {
    expect(lotTitle({ ingredient: ' Sea moss ', supplier: 'Ocean Harvest', lot: '2291' })).toBe('Sea moss — Ocean Harvest lot 2291')
    expect(lotTitle({ ingredient: 'Peach', supplier: 'Orchard Co', lot: '' })).toBe('Peach — Orchard Co')
  })
})
