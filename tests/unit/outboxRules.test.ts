import { describe, expect, it } from 'vitest'

import { MAX_RETRY_PAUSE_MS, pollIntervalMs, retryPauseMs, smtpTimeouts, staleClaimMs } from '@/platform/email/outboxRules'

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

describe('a message a dead process was sending', () => {
  it('is sent again after a minute by default, longer than the mail server’s three timeouts together', () => {
    expect(staleClaimMs()).toBe(60_000)
    const { connectionTimeout, greetingTimeout, socketTimeout } = smtpTimeouts()
    expect([connectionTimeout, greetingTimeout, socketTimeout]).toEqual([10_000, 10_000, 15_000])
    expect(connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(staleClaimMs())
  })

  it('after 12 s with a 2 s timeout (SMTP_TIMEOUT_SECONDS), still longer than the timeouts together', () => {
    const { connectionTimeout, greetingTimeout, socketTimeout } = smtpTimeouts(2000)
    expect(staleClaimMs(2000)).toBe(12_000)
    expect(connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(staleClaimMs(2000))
  })
})
