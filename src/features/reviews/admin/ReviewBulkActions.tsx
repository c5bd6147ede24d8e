'use client'

import { Button, toast, useConfig, useRouteCache, useSelection } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import './ReviewBulkActions.scss'

const ACTIONS = [
  { status: 'published', label: 'Publish', done: 'published' },
  { status: 'hidden', label: 'Hide', done: 'hidden' },
] as const

/**
 * Moderation in one tap: publish or hide every selected review (or every review the filter matches,
 * after 'select all'). Saves through the REST API, so access rules and revalidation hooks apply.
 */
export function ReviewBulkActions() {
  const { count, getQueryParams, toggleAll } = useSelection()
  const { config } = useConfig()
  const { clearRouteCache } = useRouteCache()
  const router = useRouter()
  const [busy, setBusy] = useState(false)

  if (count === 0) return null

  async function setStatus(action: (typeof ACTIONS)[number]) {
    setBusy(true)
    try {
      const response = await fetch(`${config.serverURL}${config.routes.api}/reviews${getQueryParams()}`, {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: action.status }),
      })
      const result = (await response.json().catch(() => ({}))) as {
        docs?: unknown[]
        errors?: { message: string }[]
      }
      const updated = result.docs?.length ?? 0
      if (!response.ok && updated === 0) {
        toast.error(result.errors?.[0]?.message ?? 'The reviews could not be changed. Please try again.')
        return
      }
      toast.success(`${updated} review${updated === 1 ? '' : 's'} ${action.done}.`)
      toggleAll()
      clearRouteCache()
      router.refresh()
    } catch {
      toast.error('The reviews could not be changed. Check the connection and try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="review-bulk-actions" role="group" aria-label="Selected reviews">
      <span>{count} selected</span>
      {ACTIONS.map((action) => (
        <Button
          key={action.status}
          buttonStyle={action.status === 'published' ? 'primary' : 'secondary'}
          size="small"
          margin={false}
          disabled={busy}
          onClick={() => setStatus(action)}
        >
          {action.label} selected
        </Button>
      ))}
    </div>
  )
}
