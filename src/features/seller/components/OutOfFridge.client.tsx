'use client'

import { useEffect, useState } from 'react'

import { minutesOut } from '@/features/delivery/runRules'
import { durationText } from '@/shared/time'

/**
 * "Out 42 min": how long a stop's jars have been out of the fridge, from Leaving until now (counted
 * on every minute by this small leaf), or until they were handed over (fixed). The server's figure
 * is what shows first, and without a script.
 */
export function OutOfFridge({ since, until, minutes }: { since: string; until: string | null; minutes: number }) {
  const [shown, setShown] = useState(minutes)
  useEffect(() => {
    if (until) return
    const count = () => setShown(minutesOut(since, null, new Date()))
    count()
    const timer = setInterval(count, 60_000)
    return () => clearInterval(timer)
  }, [since, until])
  return (
    <span className="run-stop__out" data-testid="out-of-fridge">
      {until ? `Was out ${durationText(shown)}` : `Out ${durationText(shown)}`}
    </span>
  )
}
