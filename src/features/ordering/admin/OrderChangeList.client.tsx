'use client'

import { useState, useTransition } from 'react'

import { moreOrderChanges } from './orderChangeActions'
import type { ChangeRows } from './orderChangeHistory'

/** The changes read so far, and "More" while there are older ones. */
export function OrderChangeList({ orderId, first }: { orderId: number; first: ChangeRows }) {
  const [shown, setShown] = useState(first)
  const [failed, setFailed] = useState(false)
  const [pending, startTransition] = useTransition()

  function more() {
    if (pending || shown.nextPage === null) return
    const page = shown.nextPage
    startTransition(async () => {
      try {
        const next = await moreOrderChanges(orderId, page)
        setFailed(false)
        setShown((current) => ({ rows: [...current.rows, ...next.rows], nextPage: next.nextPage }))
      } catch {
        setFailed(true)
      }
    })
  }

  return (
    <>
      <ul>
        {shown.rows.map((row) => (
          <li key={row.id}>{row.text}</li>
        ))}
      </ul>
      {failed && <p role="alert">The older changes could not be read just now. Try again.</p>}
      {shown.nextPage !== null && (
        <button type="button" className="order-overview__more" onClick={more} aria-disabled={pending || undefined}>
          {pending ? 'Loading…' : 'More'}
        </button>
      )}
    </>
  )
}
