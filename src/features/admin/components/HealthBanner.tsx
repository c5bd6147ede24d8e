import type { Payload } from 'payload'

import { ATTENTION, failingChecks } from '@/platform/health/attention'
import { healthReport } from '@/platform/health/health'

import './HealthBanner.scss'

/**
 * At the top of the dashboard while something needs the seller's attention (the checks of
 * /api/health): what is wrong and what to do, in plain words. Nothing when all is well.
 */
export async function HealthBanner({ payload }: { payload: Payload }) {
  const report = await healthReport(payload)
  const failing = failingChecks(report)
  if (failing.length === 0) return null
  return (
    <section role="alert" aria-label="Needs your attention" data-testid="health-banner" className="health-banner">
      <h2 className="health-banner__title">Needs your attention</h2>
      {failing.map((name) => (
        <div key={name} className="health-banner__check">
          <strong>{ATTENTION[name].title}.</strong> {report.checks[name].summary}
          <p className="health-banner__todo">{ATTENTION[name].todo}</p>
        </div>
      ))}
    </section>
  )
}
