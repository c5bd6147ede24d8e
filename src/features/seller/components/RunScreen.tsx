import { HELD_MARK } from '@/features/admin/prepSheet'
import { smsHref } from '@/features/contact/contactLinks'
import { runNotices } from '@/features/delivery/notices'
import type { Run, RunScreen as Screen, RunStop } from '@/features/delivery/run'
import { notHomeMessage, RUN_POSTS } from '@/features/delivery/runRules'
import { durationText } from '@/shared/time'
import { dollars } from '@/features/ordering/wording'
import { businessTime } from '@/shared/time'

import { runPath, SELLER_PATHS } from '../paths'
import { HANDOVER_STEPS } from '../rules'
import { ContactLinks } from './ContactLinks'
import { OutOfFridge } from './OutOfFridge.client'
import { RunStopList } from './RunStopList.client'

/** The run's key, posted with each of its own forms. */
const RunField = ({ runKey }: { runKey: string }) => <input type="hidden" name="run" value={runKey} />

const milesText = (miles: number) => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`
const stopsText = (count: number) => `${count} ${count === 1 ? 'stop' : 'stops'}`

/** Today's and tomorrow's delivery times to choose from, each with its stops. */
function RunPicker({ screen }: { screen: Screen }) {
  return (
    <nav className="run-picker" aria-label="Runs">
      {screen.runs.map((choice) => (
        <a key={choice.runKey} href={runPath(choice.runKey)} {...(choice.runKey === screen.run?.runKey ? { 'aria-current': 'page' } : {})}>
          <span className="run-picker__when">
            {choice.today ? 'Today' : 'Tomorrow'} · {choice.label}
          </span>
          <span className="run-picker__stops">
            {stopsText(choice.stopCount)}
            {choice.left ? ' · left' : ''}
          </span>
        </a>
      ))}
    </nav>
  )
}

/** Stops, miles, how long, back when; the warning before Leaving; Leaving itself. */
function RunSummary({ run }: { run: Run }) {
  const { estimate } = run
  return (
    <section className="run-summary" aria-label="The run">
      <p className="run-summary__figures" data-testid="run-summary">
        {stopsText(run.stops.length)} · {milesText(estimate.miles)} · about <strong>{durationText(estimate.minutes)}</strong> · back at{' '}
        <strong>{businessTime(estimate.backAt)}</strong>
      </p>
      <p className="run-summary__from">
        {estimate.from === 'leaving' ? `Left the kitchen at ${businessTime(estimate.leaveAt)}.` : `Times below if you leave at ${businessTime(estimate.leaveAt)}.`}
      </p>
      {!run.kitchenKnown && (
        <p className="run-summary__from">
          The kitchen’s ZIP code is not known, so the run starts at its first stop: add it in the admin, Site settings → Jar labels → City, state and ZIP code.
        </p>
      )}
      {run.overLimit && (
        <p className="run-warning" role="alert" data-testid="run-warning">
          {runNotices.overLimit(estimate.minutes, run.limitMinutes, run.stops.length, run.overLimit.split)}
        </p>
      )}
      {run.today && !run.leftAt && run.stops.length > 0 && (
        <form method="post" action={RUN_POSTS.leave} className="run-summary__leave">
          <RunField runKey={run.runKey} />
          <button className="button button--primary">Leaving</button>
          <span className="run-summary__hint">Tap when the cooler leaves: each stop then counts its jars’ time out of the fridge.</span>
        </form>
      )}
    </section>
  )
}

/** Where a stop stands: handed over, not home, or its status. */
function StopState({ stop }: { stop: RunStop }) {
  if (stop.handedOverAt) return <span className="badge badge--completed">Handed over {businessTime(stop.handedOverAt)}</span>
  if (stop.notHomeAt && stop.state !== 'completed') return <span className="badge badge--not-home">Not home {businessTime(stop.notHomeAt)}</span>
  return <span className={`badge badge--${stop.state}`}>{stop.status}</span>
}

/** One stop: who, where, what, how much, how long out of the fridge, and its buttons. */
function StopCard({ stop, run, businessName, last }: { stop: RunStop; run: Run; businessName: string; last: boolean }) {
  const back = runPath(run.runKey)
  const open = !stop.held && !stop.handedOverAt && (HANDOVER_STEPS.handedOver.from as readonly string[]).includes(stop.state)
  const notHome = open && stop.notHomeAt
  const className = ['order', 'run-stop', stop.held && 'order--held', stop.handedOverAt && 'run-stop--done', notHome && 'run-stop--not-home'].filter(Boolean).join(' ')
  return (
    <article className={className} aria-labelledby={`stop-${stop.id}`} data-reference={stop.reference}>
      <header className="order__head">
        <h3 id={`stop-${stop.id}`}>
          {stop.number !== null && (
            <span className="run-stop__number">
              <span className="visually-hidden">Stop </span>
              {stop.number}
              <span className="visually-hidden">:</span>
            </span>
          )}{' '}
          {stop.fullName} <span className="order__ref">{stop.reference}</span>
        </h3>
        {stop.arrivesAt && <span className="run-stop__eta">≈ {businessTime(stop.arrivesAt)}</span>}
      </header>
      {stop.held && (
        <p className="order__held">
          <strong>{HELD_MARK}</strong>: do not hand over. Release it on the order in the admin, with a note.
        </p>
      )}
      {stop.unknownZip && (
        <p className="run-stop__flag" data-testid="unknown-zip">
          ZIP not found: placed last
        </p>
      )}
      <p className="order__address">
        <a href={stop.mapHref} target="_blank" rel="noopener noreferrer">
          {stop.address}
        </a>
      </p>
      <ul className="run-stop__jars" aria-label="Jars">
        {stop.flavors.map(({ flavor, jars }) => (
          <li key={flavor}>
            {jars} × {flavor}
          </li>
        ))}
      </ul>
      <p className="order__money">
        {stop.toCollect > 0 ? <span className="unpaid">Owes {dollars(stop.toCollect)}</span> : stop.paid ? <span className="paid">Paid</span> : null} <StopState stop={stop} />
        {stop.leftFridgeAt && stop.outMinutes !== null && <OutOfFridge since={stop.leftFridgeAt} until={stop.handedOverAt} minutes={stop.outMinutes} />}
      </p>
      {stop.notes && <p className="order__notes">{stop.notes}</p>}
      <ContactLinks name={stop.fullName} reference={stop.reference} phone={stop.phone} mapHref={stop.mapHref} />
      {notHome && (
        <p className="run-stop__text">
          <a className="button" href={smsHref(stop.phone, notHomeMessage(stop.fullName.split(' ')[0], businessName, stop.reference))} data-testid="not-home-text">
            Text {stop.fullName.split(' ')[0]}: missed you
          </a>
        </p>
      )}
      {open && (
        <div className="order__actions run-stop__actions">
          <form method="post" action={SELLER_PATHS.order(stop.id)}>
            <input type="hidden" name="back" value={back} />
            <button className="button button--primary" name="action" value="handedOver">
              {HANDOVER_STEPS.handedOver.button}
            </button>
          </form>
          <form method="post" action={SELLER_PATHS.order(stop.id)}>
            <input type="hidden" name="back" value={back} />
            <button className="button" name="action" value="notHome">
              {HANDOVER_STEPS.notHome.button}
            </button>
          </form>
        </div>
      )}
      {stop.number !== null && run.stops.length > 1 && (
        // Without a script, a stop moves one place at a time; with one, the list's handle drags it (RunStopList).
        <form method="post" action={RUN_POSTS.stops} className="run-stop__move">
          <RunField runKey={run.runKey} />
          <input type="hidden" name="move" value={String(stop.id)} />
          <button className="button" name="to" value="up" disabled={stop.number === 1} aria-label={`Move ${stop.fullName} up`}>
            Up
          </button>
          <button className="button" name="to" value="down" disabled={last} aria-label={`Move ${stop.fullName} down`}>
            Down
          </button>
        </form>
      )}
    </article>
  )
}

/**
 * The Run page: the day's runs to choose from, the chosen run's figures, its warning and Leaving,
 * then its stops in driving order, draggable with a script, Up/Down without one; a recall's held
 * orders apart at the end. Off: how to turn delivery runs on.
 */
export function RunScreen({ screen }: { screen: Screen }) {
  const { run } = screen
  if (!screen.settings.enabled || !run) {
    return (
      <>
        <h1>Run</h1>
        <p className="empty">{screen.settings.enabled ? 'No deliveries today or tomorrow.' : runNotices.off}</p>
      </>
    )
  }
  return (
    <>
      <h1>
        Run <span className="day__date">{run.today ? 'Today' : 'Tomorrow'} · {run.label}</span>
      </h1>
      <RunPicker screen={screen} />
      <RunSummary run={run} />
      <h2 className="visually-hidden">Stops in driving order</h2>
      <RunStopList
        runKey={run.runKey}
        action={RUN_POSTS.stops}
        stops={run.stops.map((stop, index) => ({
          id: String(stop.id),
          name: stop.fullName,
          card: <StopCard stop={stop} run={run} businessName={screen.businessName} last={index === run.stops.length - 1} />,
        }))}
      />
      {run.held.length > 0 && (
        <section className="group" aria-label="Held by a recall">
          <h2 className="group__title">Held by a recall: not on the run</h2>
          {run.held.map((stop) => (
            <StopCard key={stop.id} stop={stop} run={run} businessName={screen.businessName} last />
          ))}
        </section>
      )}
    </>
  )
}
