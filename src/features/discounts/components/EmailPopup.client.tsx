'use client'

import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'

import { Toast } from '@/components/Toast'
import { type Message } from '@/shared/notices'
import { POPUP_DELAY_MS, rememberPopupDismissed, shouldShowPopup } from '@/features/discounts/popupMemory'

import { SignUpSubmit, useSignUp } from './SignUpSubmit.client'

/**
 * The popup's behaviour around the markup the server rendered (EmailPopup): 3 seconds after the
 * page has loaded, unless the visitor has no need of it, it opens as the platform's modal `<dialog>`,
 * which focuses the name field (its `autofocus`), keeps focus inside (the page behind is inert) and
 * closes on Escape; focus goes back after. A join closes it and thanks the visitor in a toast.
 */
export function EmailPopupDialog({
  labelledBy,
  describedBy,
  header,
  inputs,
  skip,
}: {
  labelledBy: string
  describedBy: string
  header: ReactNode
  inputs: ReactNode
  skip: ReactNode
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const returnFocusTo = useRef<Element | null>(null)
  const [toast, setToast] = useState<Message | null>(null)
  const hideToast = useCallback(() => setToast(null), [])
  const { busy, error, onSubmit } = useSignUp((message) => {
    setToast(message)
    dialogRef.current?.close()
  })

  useEffect(() => {
    if (!shouldShowPopup()) return
    let timer: number | undefined
    const open = () => {
      returnFocusTo.current = document.activeElement
      dialogRef.current?.showModal()
    }
    // Counted from the page's load, as the spec says, not from hydration: the page's photos may
    // still be loading then (a photo's first visit has the server resize it).
    const startTimer = () => (timer = window.setTimeout(open, POPUP_DELAY_MS))
    if (document.readyState === 'complete') startTimer()
    else window.addEventListener('load', startTimer, { once: true })
    return () => {
      window.removeEventListener('load', startTimer)
      window.clearTimeout(timer)
    }
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
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-white p-0 text-plum-900 shadow-2xl backdrop:bg-plum-900/60"
      >
        {header}
        <form onSubmit={onSubmit} className="space-y-4 px-6 pt-5">
          {inputs}
          <SignUpSubmit busy={busy} error={error} />
        </form>
        {skip}
      </dialog>
      {toast && <Toast message={toast} onClose={hideToast} />}
    </>
  )
}
