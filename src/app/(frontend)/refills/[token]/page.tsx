import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { Fragment } from 'react'

import { PageHero } from '@/components/PageHero'
import { FlavorSelect } from '@/features/ordering/components/SharedFields'
import { planPageNotices } from '@/features/refills/notices'
import { findPlanByToken, isPlanChange, type PlanChange } from '@/features/refills/planChanges'
import { planView, type PlanView } from '@/features/refills/planView'
import { getSiteSettings } from '@/cachedGlobals'
import { getPayloadClient } from '@/payloadClient'

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

/** One customer's plan, read for each request: never cached, never indexed. */
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Your refill plan',
  robots: { index: false, follow: false },
  // The token is the key to this page: it must not travel to other sites in a Referer.
  referrer: 'no-referrer',
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** The changes the plan's state allows: a stopped plan's page offers none; a paused one can still skip a refill reserved before the pause. */
function changesOffered(view: PlanView): PlanChange[] {
  if (view.status === 'active') return ['skip', 'pause', 'stop']
  if (view.status === 'paused') return view.next.orderReference ? ['skip', 'resume', 'stop'] : ['resume', 'stop']
  return []
}
const CHANGE_LABELS: Record<PlanChange, string> = { skip: 'Skip this one', pause: 'Pause', resume: 'Resume', stop: 'Stop' }

/**
 * The plan's private page (the link in each refill e-mail): what comes, when and how often, with
 * Skip this one, Pause or Resume, and Stop. Each is a link to this page asking to confirm it (a
 * mail scanner opening links changes nothing), whose button posts the change (`change/route.ts`).
 */
export default async function RefillPlanPage({ params, searchParams }: Props) {
  const [{ token }, query] = await Promise.all([params, searchParams])
  const payload = await getPayloadClient()
  const [plan, settings] = await Promise.all([findPlanByToken(payload, token), getSiteSettings()])
  if (!plan) notFound()
  const view = await planView(payload, plan)
  const offered = changesOffered(view)
  const asked = one(query.change)
  const confirming = isPlanChange(asked) && offered.includes(asked) ? asked : null
  const done = one(query.done)
  const refused = one(query.refused)
  const choosingFlavors = asked === 'flavors' && view.status !== 'stopped'
  const refusal = refusalText(refused, query, view)

  return (
    <>
      <PageHero title="Your refill plan" description={`${view.statusLabel} · every ${view.everyWeeks} weeks`} />
      <section className="section pt-4">
        <div className="container-page mx-auto max-w-2xl space-y-6">
          {(isPlanChange(done) || done === 'flavors' || done === 'started') && (
            <p className="card border-sea-500 text-lg" role="status" data-testid="plan-done">
              {planPageNotices.done[done]}
            </p>
          )}
          {refusal && (
            <p className="rounded-2xl border border-red-300 bg-red-50 px-5 py-4 text-lg text-red-800" role="status" data-testid="plan-refused">
              {refusal}
            </p>
          )}
          {choosingFlavors && (
            <form method="post" action={`/refills/${token}/change?what=flavors`} className="card space-y-4" data-testid="plan-flavors">
              <h2 className="text-xl font-semibold">{planPageNotices.flavors.title}</h2>
              <p>{planPageNotices.flavors.ask(view.flavorKeys.length)}</p>
              {view.flavorKeys.map((current, index) => (
                <label key={index} className="block">
                  <span className="field-label">Jar {index + 1}</span>
                  <FlavorSelect name="flavor" offered={view.flavorChoices} defaultValue={view.flavorChoices.some((choice) => choice.value === current && choice.available) ? current : ''} required className="field-input" />
                </label>
              ))}
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary">
                  {planPageNotices.flavors.save}
                </button>
                <a href={`/refills/${token}`} className="btn-secondary">
                  No, keep them
                </a>
              </div>
            </form>
          )}
          {confirming ? (
            <form method="post" action={`/refills/${token}/change?${new URLSearchParams({ what: confirming, day: view.next.day })}`} className="card space-y-4" data-testid="plan-confirm">
              <p className="text-lg">{confirmationText(confirming, view)}</p>
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary">
                  Yes, {CHANGE_LABELS[confirming].toLowerCase()}
                </button>
                <a href={`/refills/${token}`} className="btn-secondary">
                  No, keep it as it is
                </a>
              </div>
            </form>
          ) : null}

          <div className="card space-y-2" data-testid="plan-summary">
            <p className="text-lg font-semibold">{view.jars}</p>
            <p>{view.address ? `Delivered to ${view.address}${view.slot ? `, ${view.slot.replace(/^delivery /, '')}` : ''}` : `Pickup${view.slot ? `: ${view.slot}` : ''}`}</p>
            {view.status !== 'stopped' && <p>Every {view.everyWeeks} weeks, at the shop’s prices of the day. You pay each refill as you pay an order.</p>}
            {view.status === 'active' && (
              <p data-testid="plan-next">
                Next refill: <strong>{view.next.dayText}</strong>
                {view.next.orderReference ? ` (order ${view.next.orderReference}, reserved)` : ', reserved a few days before and e-mailed to you.'}
              </p>
            )}
            {view.status === 'paused' && (
              <p>
                Paused: no refills until you resume it.
                {view.next.orderReference && ` Your refill of ${view.next.dayText} (order ${view.next.orderReference}) is still reserved: skip it to cancel it.`}
              </p>
            )}
            {/* Said once: not again under the notice answering a tap on a stopped plan. */}
            {view.status === 'stopped' && refused !== 'stopped' && <p>{planPageNotices.stoppedPlan}</p>}
          </div>

          {offered.length > 0 && !confirming && !choosingFlavors && (
            <nav aria-label="Change your plan" className="flex flex-wrap gap-3">
              {/* In the refill e-mail's order: Skip this one, Change flavors, Pause (or Resume), Stop. */}
              {offered.map((change) => (
                <Fragment key={change}>
                  <a href={`/refills/${token}?change=${change}`} className="btn-secondary" data-testid={`plan-${change}`}>
                    {change === 'skip' ? `Skip ${view.next.dayText}` : CHANGE_LABELS[change]}
                  </a>
                  {change === offered[0] && (
                    <a href={`/refills/${token}?change=flavors`} className="btn-secondary" data-testid="plan-flavors-link">
                      {planPageNotices.flavors.title}
                    </a>
                  )}
                </Fragment>
              ))}
            </nav>
          )}

          <p className="text-center text-plum-900/80">
            Questions? Text or call <a href={`tel:${settings.phone}`} className="font-semibold underline">{settings.phone}</a>.{view.status !== 'stopped' && ' This page is private: anyone with its link can change your plan.'}
          </p>
        </div>
      </section>
    </>
  )
}

/** Why nothing was changed, from the answer's query: flavors by their key, named here (nothing typed in the link is shown). */
function refusalText(refused: string, query: Record<string, string | string[] | undefined>, view: PlanView): string | null {
  const notices = planPageNotices.refused
  if (refused === 'stopped' || refused === 'not-now' || refused === 'bad-flavors' || refused === 'too-many') return notices[refused]
  if (refused !== 'too-few') return null
  const left = Number(one(query.left))
  const flavor = view.flavorChoices.find((choice) => choice.value === one(query.flavor))?.name
  return flavor && Number.isInteger(left) && left >= 0 ? notices['too-few'](flavor, left) : notices['bad-flavors']
}

function confirmationText(change: PlanChange, view: PlanView): string {
  const confirm = planPageNotices.confirm
  if (change === 'skip') return confirm.skip(view.next.dayText, view.next.followingText, view.next.orderReference)
  if (change === 'resume') return confirm.resume(view.next.dayText)
  return confirm[change]
}
