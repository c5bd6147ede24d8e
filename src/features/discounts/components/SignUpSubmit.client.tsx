'use client'

import { type FormEvent, useState } from 'react'

import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'
import { type Message } from '@/shared/notices'

import { joinEmailListAction, type JoinAnswer } from '../actions'
import { signUpNotices } from '../notices'
import { saveDiscount } from '../savedDiscount'

/**
 * Posting the e-mail sign-up, for the popup and the sold-out page alike: a new subscriber's code
 * is saved in the browser for checkout; `onJoined` gets the answer to show.
 */
export function useSignUp(onJoined: (message: Message) => void) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Message | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // One post at a time; the busy button stays focusable (aria-disabled, as useSafeAction's forms).
    if (busy) return
    const form = event.currentTarget
    setBusy(true)
    setError(null)
    try {
      const answer: JoinAnswer = await joinEmailListAction(new FormData(form))
      if (!answer.ok) {
        setError(answer.message)
        return
      }
      if (answer.code && answer.email) saveDiscount({ code: answer.code, email: answer.email })
      form.reset()
      onJoined(answer.message)
    } catch {
      setError(signUpNotices.failed)
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, onSubmit }
}

/** The sign-up's one-time key, its error and its button, below its inputs (SignUpInputs). */
export function SignUpSubmit({ busy, error, submitLabel = 'Join & Get Discount' }: { busy: boolean; error: Message | null; submitLabel?: string }) {
  return (
    <>
      <SubmissionKeyField />
      {error && (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-semibold">{error.title}</p>
          <p>{error.description}</p>
        </div>
      )}
      <button type="submit" className="btn-primary w-full" aria-disabled={busy || undefined}>
        {busy ? 'Joining...' : submitLabel}
      </button>
    </>
  )
}
