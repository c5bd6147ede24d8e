'use client'

import { useEffect, useState } from 'react'

import { timeUntil } from '@/features/ordering/countdown'

/** Ticks the countdown the server rendered; at the opening, loads the page once more, now with the order form. */
export function OpeningCountdown({ opensAt, rendered }: { opensAt: string; rendered: string }) {
  const [text, setText] = useState(`Opens in ${rendered}`)
  useEffect(() => {
    const at = new Date(opensAt)
    const tick = () => {
      if (Date.now() < at.getTime()) return setText(`Opens in ${timeUntil(at, new Date())}`)
      clearInterval(timer)
      setText('Open now: loading the order form…')
      // Once per opening: a page still cached as closed must not reload again and again.
      const reloaded = `opened:${opensAt}`
      if (sessionStorage.getItem(reloaded)) return
      sessionStorage.setItem(reloaded, '1')
      setTimeout(() => window.location.reload(), 1_000)
    }
    const timer = setInterval(tick, 1_000)
    tick()
    return () => clearInterval(timer)
  }, [opensAt])
  return (
    <span className="block" data-testid="opening-countdown">
      {text}
    </span>
  )
}
