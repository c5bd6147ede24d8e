import { describe, expect, it } from 'vitest'

import { pageNumberFrom, pagedPath } from '@/features/content/routes.mjs'

describe('the pages of a paged list', () => {
  it('are the list itself, then <path>/page/<n>', () => {
    expect(pagedPath('/reviews', 1)).toBe('/reviews')
    expect(pagedPath('/reviews', 2)).toBe('/reviews/page/2')
  })

  it('are read back from the segments under the list', () => {
    expect(pageNumberFrom(undefined)).toBe(1)
    expect(pageNumberFrom([])).toBe(1)
    expect(pageNumberFrom(['page', '2'])).toBe(2)
    expect(pageNumberFrom(['page', '999999'])).toBe(999999)
  })

  it.each([
    ['page 1 under a second address', ['page', '1']],
    ['a leading zero', ['page', '02']],
    ['no number', ['page']],
    ['a word', ['page', 'two']],
    ['more than six digits', ['page', '1000000']],
    ['anything below the page', ['page', '2', 'x']],
    ['another word', ['p', '2']],
  ])('are not found for %s', (_case, segments) => {
    expect(pageNumberFrom(segments)).toBeNull()
  })
})
