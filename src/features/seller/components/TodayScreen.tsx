import { WAITING_LINE_VIEW } from '@/features/admin/adminViews'
import { dollars, jarsText } from '@/features/ordering/wording'

import type { DayPlan, TodayScreen as Screen } from '../dailyScreen'
import { SELLER_PATHS } from '../paths'
import { NotifySwitch } from './NotifySwitch.client'
import { OrderCard } from './OrderCard'

function Day({ title, plan, handovers }: { title: string; plan: DayPlan; handovers: boolean }) {
  const empty = plan.pickups.length === 0 && plan.deliveries.length === 0
  return (
    <section className="day" aria-labelledby={`day-${plan.day}`}>
      <h2 id={`day-${plan.day}`}>
        {title} <span className="day__date">{plan.dayLabel}</span>
      </h2>
      {empty ? (
        <p className="empty">Nothing to hand over.</p>
      ) : (
        <p className="day__summary">
          {jarsText(plan.jars)} · {dollars(plan.toCollect)} to collect
        </p>
      )}
      {plan.pickups.map(({ place, orders }) => (
        <section key={place ?? ''} className="group" aria-label={`Pickups: ${place ?? 'place not booked'}`}>
          <h3 className="group__title">Pickup · {place ?? 'place arranged by text'}</h3>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} back={SELLER_PATHS.today} handovers={handovers} />
          ))}
        </section>
      ))}
      {plan.deliveries.length > 0 && (
        <section className="group" aria-label="Deliveries">
          <h3 className="group__title">Deliveries, in route order</h3>
          {handovers && (
            <p className="waiting">
              <a href={SELLER_PATHS.run}>Drive them in order on the Run page →</a>
            </p>
          )}
          {plan.deliveries.map((order) => (
            <OrderCard key={order.id} order={order} back={SELLER_PATHS.today} />
          ))}
        </section>
      )}
    </section>
  )
}

/**
 * The pickups whose time ended without Collected (Delivery day on): the latest few, each with
 * Collected and a text to the customer; the heading counts them all. Today's are listed here
 * rather than under their place.
 */
function MissedPickups({ missed }: { missed: Screen['missedPickups'] }) {
  if (missed.total === 0) return null
  const more = missed.total - missed.orders.length
  return (
    <section className="group group--missed" aria-labelledby="missed-pickups" data-testid="missed-pickups">
      <h2 id="missed-pickups" className="group__title">
        Missed pickups ({missed.total})
      </h2>
      {missed.orders.map((order) => (
        <OrderCard key={order.id} order={order} back={SELLER_PATHS.today} handovers missed />
      ))}
      {more > 0 && <p className="empty">{more === 1 ? '1 older missed pickup is' : `${more} older missed pickups are`} not shown: find them in the admin’s Orders.</p>}
    </section>
  )
}

/** Today's and tomorrow's handovers, with what is still to collect today at the top. */
export function TodayScreen({ screen }: { screen: Screen }) {
  return (
    <>
      <h1 className="visually-hidden">Today</h1>
      <p className="collect" data-testid="to-collect">
        Still to collect today <strong>{dollars(screen.today.toCollect)}</strong>
      </p>
      {screen.newOrders > 0 && (
        <p className="waiting">
          <a href={SELLER_PATHS.newOrders}>
            {screen.newOrders === 1 ? '1 new order waits' : `${screen.newOrders} new orders wait`} to be confirmed →
          </a>
        </p>
      )}
      {screen.heldForLine > 0 && (
        <p className="waiting" data-testid="held-for-line">
          <a href={WAITING_LINE_VIEW.url}>{jarsText(screen.heldForLine)} held for the waiting line →</a>
        </p>
      )}
      <MissedPickups missed={screen.missedPickups} />
      <Day title="Today" plan={screen.today} handovers={screen.handovers} />
      <Day title="Tomorrow" plan={screen.tomorrow} handovers={screen.handovers} />
      <NotifySwitch />
    </>
  )
}
