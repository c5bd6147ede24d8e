import 'client-only'

import { readSavedDiscount } from './savedDiscount'

/** When the visitor last joined, closed or skipped the e-mail popup (browser storage). */
export const POPUP_DISMISSED_KEY = 'seamoss.emailPopupDismissedAt'
const QUIET_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export const POPUP_DELAY_MS = 3000

export function rememberPopupDismissed(now = Date.now()): void {
  try {
    window.localStorage.setItem(POPUP_DISMISSED_KEY, String(now))
  } catch {
    // Storage blocked: the popup may show again next visit, nothing else breaks.
  }
}

/** Never with a saved code; otherwise not within 30 days of the last join, close or skip. */
export function shouldShowPopup(now = Date.now()): boolean {
  if (readSavedDiscount().code) return false
  try {
    const dismissedAt = Number(window.localStorage.getItem(POPUP_DISMISSED_KEY))
    return !dismissedAt || now - dismissedAt > QUIET_DAYS * DAY_MS
  } catch {
    return true
  }
}
