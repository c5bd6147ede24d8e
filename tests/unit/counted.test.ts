import { describe, expect, it } from 'vitest'

import { counted } from '@/shared/counted'

describe('counted', () => {
  it('words an amount with its noun, one or many', () => {
    expect(counted(1, 'label')).toBe('1 label')
    expect(counted(0, 'e-mail')).toBe('0 e-mails')
    expect(counted(3, 'batch', 'batches')).toBe('3 batches')
  })

  it('groups the thousands, as three years of e-mails count them', () => {
    expect(counted(42685, 'e-mail')).toBe('42,685 e-mails')
    expect(counted(1_198_019, 'e-mail')).toBe('1,198,019 e-mails')
    expect(counted(999, 'order')).toBe('999 orders')
  })
})
