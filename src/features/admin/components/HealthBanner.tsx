import type { Payload } from 'payload'

import { ATTENTION, failingChecks } from '@/platform/health/attention'
import { healthReport } from '@/platform/health/health'

/**
 * At the top of the dashboard while something needs the seller's attention (the checks of
 * /api/health): what is wrong and what to do, in plain words. Nothing when all is well.
 */
export async function HealthBanner({ payload }: { payload: Payload }) {
  const report = await healthReport(payload)
  const failing = failingChecks(report)
  if (failing.length === 0) return null
  return (
    <section
      role="alert"
      aria-label="Needs your attention"
      data-testid="health-banner"
      style={{ marginBottom: '2rem', padding: '1rem 1.25rem', borderRadius: '12px', border: '2px solid var(--theme-error-500)', background: 'var(--theme-error-50)' }}
    >
      <h2 style={{ margin: '0 0 0.5rem' }}>Needs your attention</h2>
      {failing.map((name) => (
        <div key={name} style={{ marginTop: '0.75rem' }}>
          <strong>{ATTENTION[name].title}.</strong> {report.checks[name].summary}
          <p style={{ margin: '0.25rem 0 0' }}>{ATTENTION[name].todo}</p>
        </div>
      ))}
    </section>
  )
}
