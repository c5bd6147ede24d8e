'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import { CloseIcon } from '@/components/Icons'
import { Toast } from '@/components/Toast'
import { type Message } from '@/shared/notices'
import { rememberPopupDismissed } from '@/features/discounts/popupMemory'
import { DISCOUNT_PERCENT } from '@/features/discounts/rules'

import { SignUpFields, useSignUp } from './SignUpFields'


/**
 * The first-order discount sign-up, in the platform's modal `<dialog>`: it moves focus inside,
 * keeps it there (the page behind is inert), closes on Escape, and focus goes back after.
 */
export default function EmailPopup() {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const returnFocusTo = useRef<Element | null>(null)
  const nameInput = useRef<HTMLInputElement>(null)
  const [toast, setToast] = useState<Message | null>(null)
  const hideToast = useCallback(() => setToast(null), [])
  const { busy, error, onSubmit } = useSignUp((message) => {
    setToast(message)
    dialogRef.current?.close()
  })

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    returnFocusTo.current = document.activeElement
    dialog.showModal()
    nameInput.current?.focus()
  }, [])

  function onClose() {
    rememberPopupDismissed()
    const target = returnFocusTo.current
    if (target instanceof HTMLElement && target !== document.body) target.focus()
  }

  return (
    <>
      <dialog
        ref={dialogRef}
        onClose={onClose}
        aria-labelledby="email-popup-title"
        aria-describedby="email-popup-description"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-white p-0 text-plum-900 shadow-2xl backdrop:bg-plum-900/60"
      >
        <div className="relative bg-gradient-to-br from-plum-700 to-sea-700 px-6 pt-8 pb-6 text-white">
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full hover:bg-white/15"
          >
            <CloseIcon />
          </button>
          <h2 id="email-popup-title" className="pr-8 font-display text-3xl font-semibold text-white">
            {`Get ${DISCOUNT_PERCENT}% Off Your First Order`}
          </h2>
          <p id="email-popup-description" className="mt-2 text-plum-100">
            {`Join our e-mail list and we will send you a code for ${DISCOUNT_PERCENT}% off your first package.`}
          </p>
        </div>
        <form onSubmit={onSubmit} className="space-y-4 px-6 pt-5 pb-6">
          <SignUpFields form="popup" busy={busy} error={error} nameRef={nameInput} />
          <p className="text-center">
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className="text-sm font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900"
            >
              Skip - I already have a discount
            </button>
          </p>
        </form>
      </dialog>
      {toast && <Toast message={toast} onClose={hideToast} />}
    </>
  )
}
