import { describe, expect, it } from 'vitest'

import { MAX_RETRY_PAUSE_MS, retryPauseMs } from '@/platform/email/outboxRules'

describe('the pause before an e-mail is tried again', () => {
  it('starts short and doubles after each failure, up to five minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryPauseMs(attempts) / 1000)).toEqual([10, 20, 40, 80, 160, 300])
    expect(retryPauseMs(50)).toBe(MAX_RETRY_PAUSE_MS)
  })
})
