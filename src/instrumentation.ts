/**
 * Connects Payload when the server starts, so migrations, the first admin and the seed run before
 * the first visitor arrives rather than during their request. Skipped while `next build` runs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { getPayloadClient } = await import('./lib/payload')
  await getPayloadClient()
}
