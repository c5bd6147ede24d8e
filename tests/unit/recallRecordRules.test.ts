import { describe, expect, it } from 'vitest'

import { noticeState, recallEmailAbout, recallEmailKey } from '@/features/recalls/recordRules'
import { LIST_EMAIL_ABOUT_RANGE, listEmailAbout } from '@/platform/email/retentionRules'

const isListEmail = (about: string) => about >= LIST_EMAIL_ABOUT_RANGE.from && about < LIST_EMAIL_ABOUT_RANGE.to

describe('a recall e-mail in the outbox', () => {
  it('is not a list e-mail: the retention keeps its envelope', () => {
    expect(isListEmail(listEmailAbout(7))).toBe(true)
    expect(isListEmail(recallEmailAbout(7))).toBe(false)
    expect(recallEmailKey(7, 'customer-12')).toBe('recall:7:customer-12')
  })

  it('reads as the outbox has it: sent, failed once refused (still retried), else waiting', () => {
    expect(noticeState(null)).toBe('no-email')
    expect(noticeState({ status: 'pending', attempts: 0 })).toBe('waiting')
    expect(noticeState({ status: 'sending', attempts: 0 })).toBe('waiting')
    expect(noticeState({ status: 'pending', attempts: 1 })).toBe('failed')
    expect(noticeState({ status: 'failed', attempts: 9 })).toBe('failed')
    expect(noticeState({ status: 'sent', attempts: 2 })).toBe('sent')
  })
})
