'use client'

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react'

import type { ManualOrderState } from '@/features/admin/manualOrder'

import type { Invalid } from './AddOrderFields'

/** Where an Add order form posts: the admin's `addOrderByHand` or the daily screen's `addOrderOnPhone`. */
export type AddOrderAction = (previous: ManualOrderState, posted: FormData) => Promise<ManualOrderState>

export const ADD_ORDER_MESSAGE_ID = 'add-order-message'
const initialState: ManualOrderState = { status: 'idle' }

/**
 * What both Add order forms do with their action (the admin's `AddOrderForm`, the daily screen's
 * `AddOrderScreen`): post it without letting React reset the form, so after a refusal everything
 * typed stays; then move the focus to the field the refusal is about, or to its message.
 * `permalink`: where the form posts without a script (React's `useActionState`).
 */
export function useAddOrderAction(action: AddOrderAction, permalink?: string) {
  const [state, formAction, pending] = useActionState(action, initialState, permalink)
  const message = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (state.status !== 'error') return
    const field = state.field ? document.querySelector<HTMLElement>(`.add-order__form [name="${state.field}"]`) : null
    ;(field ?? message.current)?.focus()
  }, [state])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const posted = new FormData(event.currentTarget)
    startTransition(() => formAction(posted))
  }

  const invalid: Invalid = (name) => (state.status === 'error' && state.field === name ? { 'aria-invalid': true, 'aria-describedby': ADD_ORDER_MESSAGE_ID } : {})
  return { state, formAction, pending, onSubmit, message, invalid }
}
