'use client'

import { useActionState, useState, useTransition, type FormEvent } from 'react'

/**
 * A form's server action, made safe for the moment the network or the server fails.
 *
 * `formAction` goes on the `<form action>`: without JavaScript the browser posts it and the page
 * comes back with the answer. With JavaScript the form posts through `onSubmit` (or calls `submit`
 * after its own checks), which calls the same action but catches a failed call (a dropped
 * connection, a timeout, a server error) and answers `failed(formData)` — the form's own failure
 * message — where React would otherwise throw to the error page and lose everything typed.
 *
 * `generation` goes up after each success: used as the `key` of the fields, it gives the visitor
 * empty fields and a new submission key for the next post.
 *
 * `answerAt` is where a post without JavaScript comes back: the form's page and, after `#`, the id
 * of the element that shows the answer. The browser scrolls to it, so a visitor on a phone sees the
 * answer rather than the top of the page (React's permalink of the action state: the form's
 * `action` address).
 */
export function useSafeAction<State extends { status: string }>(
  action: (previous: State, formData: FormData) => Promise<State>,
  initial: Awaited<State>,
  failed: (formData: FormData) => State,
  answerAt: `/${string}#${string}`,
) {
  const [postedState, formAction] = useActionState(action, initial, answerAt)
  const [scriptedState, setScriptedState] = useState<State | null>(null)
  const [pending, startTransition] = useTransition()
  const state = scriptedState ?? postedState

  const [generation, setGeneration] = useState(0)
  const [seenState, setSeenState] = useState(state)
  if (state !== seenState) {
    // React's "state from a changed value" pattern: each answer is looked at once.
    setSeenState(state)
    if (state.status === 'success') setGeneration((current) => current + 1)
  }

  function submit(formData: FormData) {
    // One post at a time. The busy button is aria-disabled, not disabled: a disabled button loses
    // the keyboard's focus to the top of the page, so it stays focusable and a press is ignored here.
    if (pending) return
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Posted by hand so React does not reset the form: after an error everything typed (the
    // chosen photo too) stays.
    event.preventDefault()
    submit(new FormData(event.currentTarget))
  }

  return { state, formAction, submit, onSubmit, pending, generation }
}
