'use client'

import dynamic from 'next/dynamic'
import { useEffect, useState } from 'react'

import { POPUP_DELAY_MS, shouldShowPopup } from '@/features/discounts/popupMemory'

// The dialog's code loads only for visitors who will see it, and only on the home page.
const loadPopup = () => import('./EmailPopup.client')
const EmailPopup = dynamic(loadPopup, { ssr: false })

/** Shows the e-mail sign-up 3 seconds after the page loads, unless the visitor has no need of it. */
export function EmailPopupTrigger() {
  const [show, setShow] = useState(false)
  useEffect(() => {
    if (!shouldShowPopup()) return
    void loadPopup()
    const timer = window.setTimeout(() => setShow(true), POPUP_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])
  return show ? <EmailPopup /> : null
}
