'use client'

import { useEffect } from 'react'

import { CloseIcon } from '@/components/Icons'
import type { Message } from '@/shared/notices'

const SHOW_MS = 8000

/**
 * A short confirmation at the bottom of the screen, announced to screen readers, gone after a
 * while. Errors are not toasts: they stay beside the form that caused them.
 */
export function Toast({ message, onClose }: { message: Message; onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, SHOW_MS)
    return () => window.clearTimeout(timer)
  }, [message, onClose])
  return (
    <div
      role="status"
      data-testid="toast"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-sea-500 bg-white px-5 py-4 text-sea-700 shadow-lg"
    >
      <div className="flex-1">
        <p className="font-semibold">{message.title}</p>
        <p className="mt-0.5 text-plum-900/80">{message.description}</p>
      </div>
      <button type="button" onClick={onClose} aria-label="Dismiss" className="rounded-full p-1 hover:bg-plum-50">
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  )
}
