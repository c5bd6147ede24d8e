/** What the switch says in each state of this device (public/seller/notify.js shows the one that holds). */
const WORDS = {
  unsupported: 'This browser cannot show notifications. On an iPhone, add this screen to the Home Screen first, then open it from there.',
  blocked: 'Notifications are blocked for this site: allow them in the browser’s settings, then come back.',
  off: 'Get a notification on this device for each new order.',
  on: 'This device gets a notification for each new order.',
  busy: 'One moment…',
} as const

/** The script that runs the switch: the daily screen's pages load no script of Next's (pages/seller). */
export const NOTIFY_SCRIPT = '/seller/notify.js'

/**
 * "Notify me of new orders" for this device (features/seller/push), rendered hidden with its words:
 * `NOTIFY_SCRIPT` shows it once it knows what this browser can do, and runs its buttons. Without
 * the script nothing shows: there is nothing to switch on.
 */
export function NotifySwitch() {
  return (
    <section className="notify" aria-labelledby="notify-title" data-testid="notify" data-state="checking" hidden>
      <h2 id="notify-title">Notifications</h2>
      <p data-words {...Object.fromEntries(Object.entries(WORDS).map(([state, words]) => [`data-${state}`, words]))} />
      <button type="button" className="button button--primary" data-turn="on" hidden>
        Notify me of new orders
      </button>
      <button type="button" className="button" data-turn="off" hidden>
        Stop notifications on this device
      </button>
      <p role="alert" data-failed-on="Notifications could not be turned on" data-failed-off="Notifications could not be turned off" hidden />
      <script src={NOTIFY_SCRIPT} defer />
    </section>
  )
}
