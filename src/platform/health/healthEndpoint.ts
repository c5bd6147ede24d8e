import 'server-only'

import type { Endpoint } from 'payload'

import { healthReport, type HealthReport } from './health'

/** Answered from memory for this long: whoever calls it, the check costs one small write per instance every few seconds. */
const REPORT_KEPT_MS = 5_000
let kept: { report: Promise<HealthReport>; until: number } | null = null

/**
 * `GET /api/health`: 200 when every check passes, 503 naming the failing ones, for an uptime
 * monitor or the compose healthcheck. Public and never cached by a proxy; no secrets in it (the
 * mail server's own error stays in the admin).
 */
export const healthEndpoint: Endpoint = {
  path: '/health',
  method: 'get',
  handler: async (req) => {
    if (!kept || Date.now() >= kept.until) kept = { report: healthReport(req.payload), until: Date.now() + REPORT_KEPT_MS }
    const report = await kept.report
    const failing = Object.entries(report.checks)
      .filter(([, check]) => !check.ok)
      .map(([name]) => name)
    return Response.json({ status: report.ok ? 'ok' : 'failing', failing, ...report }, { status: report.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
  },
}
