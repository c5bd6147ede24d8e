import type { Payload, SanitizedConfig } from 'payload'

import type { Export } from '@/payload-types'

import { rest } from './payload'

/** Waits for the background job to finish an export's file (it starts once the save has committed). */
export async function finishedExport(payload: Payload, id: number | string): Promise<Export> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const saved = await payload.findByID({ collection: 'exports', id, depth: 0 })
    if (saved.status !== 'preparing') return saved
  }
  throw new Error(`export ${id} still being prepared after 20 s`)
}

/**
 * The admin's Export → Save with these settings, then the file once it is ready, as the seller
 * whose headers are given: the file's text (or its parsed JSON) and the export.
 */
export async function savedExportFile(app: { payload: Payload; config: SanitizedConfig }, headers: Record<string, string>, data: Record<string, unknown>) {
  const { status, json } = await rest(app.config, 'POST', '/exports', { headers, body: { name: `test-${Date.now()}`, ...data } })
  if (status !== 201) throw new Error(`export refused: ${status} ${JSON.stringify(json)}`)
  const saved = await finishedExport(app.payload, (json.doc as { id: number }).id)
  if (saved.status !== 'ready') throw new Error(`export ${saved.id}: ${saved.status}`)
  const file = await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers })
  if (file.status !== 200) throw new Error(`export file: ${file.status}`)
  return { file: file.json as unknown, saved }
}
