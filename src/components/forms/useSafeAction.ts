'use client'

import { useActionState, useState, useTransition } from 'react'

/**
 * A form's server action, made safe for the moment the network or the server fails.
 *
 * `formAction` goes on the `<form action>`: without JavaScript the browser posts it and the page
 * comes back with the answer. With JavaScript the form calls `submit` instead, which calls the
 * same action but catches a failed call (a dropped connection, a timeout, a server error) and
 * answers `failed(formData)` — the form's own failure message — where React would otherwise throw
 * to the error page and lose everything typed.
 */
export function useSafeAction<State extends object>(
  action: (previous: State, formData: FormData) => Promise<State>,
  initial: Awaited<State>,
  failed: (formData: FormData) => State,
) {
  const [postedState, formAction] = useActionState(action, initial)
  const [scriptedState, setScriptedState] = useState<State | null>(null)
  const [pending, startTransition] = useTransition()
  const state = scriptedState ?? postedState

  function submit(formData: FormData) {
    startTransition(async () => {
      let next: State
      try {
        next = await action(state, formData)
      } catch {
        next = failed(formData)
      }
      startTransition(() => setScriptedState(next))
    })
  }

  return { state, formAction, submit, pending }
}
