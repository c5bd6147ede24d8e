'use client'

import { useRouter } from 'next/navigation'
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react'

type Stop = { id: string; name: string; card: ReactNode }

/** How near the screen's top or bottom edge a dragged stop scrolls the page, and by how much a move. */
const EDGE_PX = 64
const SCROLL_PX = 16

const HELP_ID = 'run-drag-help'

const subscribeToNothing = () => () => undefined

/**
 * The run's stops in driving order. With a script each gets a handle: dragged (mouse or finger,
 * pointer events) or moved with the arrow keys once focused, the stop changes place, and the new
 * order is saved at once (`POST` to the run's stops route, which checks the session and the
 * origin as every daily screen post does) and the page's figures are read again. Refused or
 * offline, the list goes back to the order last saved and says why. Without a script the cards'
 * own Up/Down forms do the same, one place a post.
 */
export function RunStopList({ runKey, action, stops }: { runKey: string; action: string; stops: Stop[] }) {
  const router = useRouter()
  const serverOrder = stops.map((stop) => stop.id)
  const serverKey = serverOrder.join(',')
  // True once running in the browser (false in the server's rendering): the handles need the script.
  const enhanced = useSyncExternalStore(subscribeToNothing, () => true, () => false)
  const [order, setOrder] = useState(serverOrder)
  // The server's order, each time the page's data is read again (after a save, or another phone's).
  const [orderOf, setOrderOf] = useState(serverKey)
  if (orderOf !== serverKey) {
    setOrderOf(serverKey)
    setOrder(serverOrder)
  }
  const [dragging, setDragging] = useState<string | null>(null)
  const [said, setSaid] = useState('')
  const [problem, setProblem] = useState('')
  /** The order as last rendered, for the end of a drag (its moves are rendered one by one). */
  const orderNow = useRef(order)
  /** The order the server has: the list goes back to it when a save fails. */
  const saved = useRef(serverOrder)
  const items = useRef(new Map<string, HTMLLIElement>())
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const refocus = useRef<string | null>(null)

  useEffect(() => {
    orderNow.current = order
  })
  useEffect(() => {
    saved.current = serverKey ? serverKey.split(',') : []
  }, [serverKey])
  // A moved item is put back in the document, which takes the focus off its handle: given back.
  useEffect(() => {
    if (!refocus.current) return
    handles.current.get(refocus.current)?.focus()
    refocus.current = null
  })

  const byId = new Map(stops.map((stop) => [stop.id, stop]))
  const shown = [...order.filter((id) => byId.has(id)), ...serverOrder.filter((id) => !order.includes(id))]

  const placeOf = (id: string, ids: readonly string[]) => `${byId.get(id)?.name ?? 'The stop'} is now stop ${ids.indexOf(id) + 1} of ${ids.length}.`

  async function save(next: string[], id: string) {
    setProblem('')
    try {
      const body = new FormData()
      body.set('run', runKey)
      body.set('stops', next.join(','))
      const answer = await fetch(action, { method: 'POST', body, credentials: 'same-origin' })
      if (!answer.ok) throw new Error((await answer.text()) || `The shop answered ${answer.status}.`)
      saved.current = next
      setSaid(`Saved. ${placeOf(id, next)}`)
      router.refresh()
    } catch (error) {
      setOrder(saved.current)
      const why = error instanceof TypeError ? 'no connection, or the shop did not answer.' : error instanceof Error ? error.message : String(error)
      setProblem(`The new order was not saved: ${why}`)
    }
  }

  const moved = (ids: readonly string[], id: string, to: number) => {
    const next = ids.filter((other) => other !== id)
    next.splice(to, 0, id)
    return next
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, id: string) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    event.preventDefault()
    const ids = shown
    const to = ids.indexOf(id) + (event.key === 'ArrowUp' ? -1 : 1)
    if (to < 0 || to >= ids.length) return
    const next = moved(ids, id, to)
    refocus.current = id
    setOrder(next)
    void save(next, id)
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, id: string) {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    setDragging(id)
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>, id: string) {
    if (dragging !== id) return
    const y = event.clientY
    if (y < EDGE_PX) window.scrollBy(0, -SCROLL_PX)
    else if (y > window.innerHeight - EDGE_PX) window.scrollBy(0, SCROLL_PX)
    const middle = (other: string | undefined) => {
      const box = other ? items.current.get(other)?.getBoundingClientRect() : undefined
      return box ? box.top + box.height / 2 : null
    }
    setOrder((ids) => {
      const at = ids.indexOf(id)
      const above = middle(ids[at - 1])
      const below = middle(ids[at + 1])
      if (above !== null && y < above) return moved(ids, id, at - 1)
      if (below !== null && y > below) return moved(ids, id, at + 1)
      return ids
    })
  }

  function onPointerUp(id: string) {
    if (dragging !== id) return
    setDragging(null)
    const next = orderNow.current
    if (next.join(',') !== saved.current.join(',')) void save(next, id)
  }

  function onPointerCancel() {
    setDragging(null)
    setOrder(saved.current)
  }

  return (
    <>
      {enhanced && shown.length > 1 && (
        <p id={HELP_ID} className="run-stops__help">
          Drag a stop by its handle to change the order, or focus the handle and use the arrow keys. Saved at once.
        </p>
      )}
      <ol className={enhanced ? 'run-stops run-stops--drag' : 'run-stops'} aria-label="Stops in driving order">
        {shown.map((id) => (
          <li
            key={id}
            ref={(element) => {
              if (element) items.current.set(id, element)
              else items.current.delete(id)
            }}
            className={dragging === id ? 'run-stops__item run-stops__item--dragging' : 'run-stops__item'}
          >
            {enhanced && shown.length > 1 && (
              <button
                type="button"
                className="run-stops__handle"
                aria-label={`Move ${byId.get(id)!.name}`}
                aria-describedby={HELP_ID}
                ref={(element) => {
                  if (element) handles.current.set(id, element)
                  else handles.current.delete(id)
                }}
                onKeyDown={(event) => onKeyDown(event, id)}
                onPointerDown={(event) => onPointerDown(event, id)}
                onPointerMove={(event) => onPointerMove(event, id)}
                onPointerUp={() => onPointerUp(id)}
                onPointerCancel={onPointerCancel}
              >
                <span aria-hidden="true">⠿</span>
              </button>
            )}
            {byId.get(id)!.card}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {problem && (
        <p className="run-warning" role="alert">
          {problem}
        </p>
      )}
    </>
  )
}
