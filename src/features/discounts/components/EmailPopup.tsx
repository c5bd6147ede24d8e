'use client'

import { lazy, Suspense, useEffect, useState } from 'react'

import { POPUP_DELAY_MS, shouldShowPopup } from '@/features/discounts/popupMemory'

// The dialog's code loads only for visitors who will see it, and only on the home page. React's own
// lazy rather than next/dynamic, whose loader (about 1.5 kB) a dialog never rendered on the server
// does not need.
const loadPopup = () => import('./EmailPopup.client')
const EmailPopup = lazy(loadPopup)

/** Its code is fetched this long before it is due: time enough on a slow phone, and none of the page's loading. */
const FETCH_AHEAD_MS = 1000

/** Shows the e-mail sign-up 3 seconds after the page loads, unless the visitor has no need of it. */
export function EmailPopupTrigger() {
  const [show, setShow] = useState(false)
  useEffect(() => {
    if (!shouldShowPopup()) return
    const fetchTimer = window.setTimeout(() => void loadPopup(), POPUP_DELAY_MS - FETCH_AHEAD_MS)
    const showTimer = window.setTimeout(() => setShow(true), POPUP_DELAY_MS)
    return () => {
      window.clearTimeout(fetchTimer)
      window.clearTimeout(showTimer)
    }
  }, [])
  return show ? (
    <Suspense fallback={null}>
      <EmailPopup />
    </Suspense>
  ) : null
}
