'use client'

import { useState } from 'react'

import { DISCOUNT_PERCENT } from '@/features/discounts/rules'
import { type Message } from '@/shared/notices'

import { SignUpInputs } from './SignUpInputs'
import { SignUpSubmit, useSignUp } from './SignUpSubmit.client'

/** The e-mail sign-up in the page itself, where the order form would be while a batch is sold out. */
export function NextBatchSignUp() {
  const [joined, setJoined] = useState<Message | null>(null)
  const { busy, error, onSubmit } = useSignUp(setJoined)
  if (joined) {
    return (
      <div role="status" className="rounded-2xl border border-sea-500 bg-sea-50 px-5 py-4 text-sea-700">
        <p className="font-semibold">{joined.title}</p>
        <p>{joined.description}</p>
      </div>
    )
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Join our e-mail list">
      <SignUpInputs form="next-batch" />
      <SignUpSubmit busy={busy} error={error} submitLabel={`Tell me about the next batch (and get ${DISCOUNT_PERCENT}% off)`} />
    </form>
  )
}
