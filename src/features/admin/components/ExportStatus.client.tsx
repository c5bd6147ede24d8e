'use client'

import { useConfig, useDocumentInfo, useField, useFormFields } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import type { Export } from '@/payload-types'

import { EXPORT_STATUSES, type ExportStatus as Status } from '../exportStatuses'

import './ExportStatus.scss'

/** How often a page showing a file being prepared asks whether it is ready. */
const POLL_MS = 2000

type Shown = Pick<Export, 'filename' | 'filesize' | 'url'> & { status?: Status | null }

/**
 * The top of an export's page: whether its file is being prepared, ready (with the download) or
 * could not be made, in the seller's words. The file is made in the background
 * (`features/admin/exportJobs.ts`); while it is, this asks the API every two seconds.
 */
export function ExportStatus() {
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const fromForm = useFormFields(([fields]) => ({
    status: fields.status?.value as Status | undefined,
    filename: fields.filename?.value as string | undefined,
    filesize: fields.filesize?.value as number | undefined,
    url: fields.url?.value as string | undefined,
  }))
  // The Status field in the sidebar shows the same, from the form's state.
  const { setValue: setStatusField } = useField<Status>({ path: 'status' })
  const [polled, setPolled] = useState<Shown | null>(null)
  const shown: Shown = polled ?? fromForm
  const status = shown.status ?? (shown.filename ? 'ready' : 'preparing')

  useEffect(() => {
    if (id === undefined || status !== 'preparing') return
    const timer = setInterval(async () => {
      const response = await fetch(`${config.routes.api}/exports/${id}?depth=0`, { credentials: 'include' }).catch(() => null)
      if (!response?.ok) return
      const latest = (await response.json()) as Shown
      setPolled(latest)
      if (latest.status) setStatusField(latest.status, true)
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [id, status, config.routes.api, setStatusField])

  if (id === undefined) {
    return <p className="export-status">Save to prepare the file. It is made in the background: you can leave the page and find it later under Admin → Exports.</p>
  }
  const label = EXPORT_STATUSES.find((candidate) => candidate.value === status)?.label
  return (
    <div className={`export-status export-status--${status}`} role="status" data-testid="export-status">
      <strong>{label}</strong>
      {status === 'preparing' && <p>The file appears here when it is ready. You can leave this page: the export stays under Admin → Exports.</p>}
      {status === 'ready' && shown.url && (
        <p>
          <a href={shown.url} download={shown.filename ?? undefined}>
            Download {shown.filename}
          </a>
          {shown.filesize ? ` (${formatSize(shown.filesize)})` : null}
        </p>
      )}
      {status === 'failed' && <p>Start a new export from the list. If it fails again, the server&apos;s log says why.</p>}
    </div>
  )
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
