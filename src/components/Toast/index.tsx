'use client'

import { useEffect } from 'react'

import { CloseIcon } from '@/components/Icons'
import type { Message } from '@/shared/notices'

const SHOW_MS = 8000

/** A short notice at the bottom of the screen, announced to screen readers, gone after a while. */
export function Toast({ message, tone = 'success', onClose }: { message: Message; tone?: 'success' | 'error'; onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, SHOW_MS)
    return () => window.clearTimeout(timer)
  }, [message, onClose])
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      data-testid="toast"
      className={`fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-start gap-3 rounded-2xl border px-5 py-4 shadow-lg ${
        tone === 'success' ? 'border-sea-500 bg-white text-sea-700' : 'border-red-300 bg-red-50 text-red-800'
      }`}
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
