import { describe, expect, it } from 'vitest'

import { MAX_RETRY_PAUSE_MS, pollIntervalMs, retryPauseMs } from '@/platform/email/outboxRules'

describe('the pause before an e-mail is tried again', () => {
  it('starts short and doubles after each failure, up to five minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryPauseMs(attempts) / 1000)).toEqual([10, 20, 40, 80, 160, 300])
    expect(retryPauseMs(50)).toBe(MAX_RETRY_PAUSE_MS)
  })

  it('starts from another first pause when one is set (EMAIL_FIRST_RETRY_SECONDS), doubling to the same cap', () => {
    expect([1, 2, 3, 4].map((attempts) => retryPauseMs(attempts, 1000) / 1000)).toEqual([1, 2, 4, 8])
    expect(retryPauseMs(50, 1000)).toBe(MAX_RETRY_PAUSE_MS)
  })

  it('is looked for twice per first pause: every 5 s by default', () => {
    expect(pollIntervalMs()).toBe(5000)
    expect(pollIntervalMs(1000)).toBe(500)
  })
})
