// "Notify me of new orders" on Today (features/seller/push, docs/ARCHITECTURE.md "The daily screen"):
// the server renders the switch hidden, with its words (features/seller/components/NotifySwitch.tsx);
// this script shows it once it knows what the browser can do, subscribes the browser with the shop's
// public key and hands the subscription to the shop; "Stop" undoes both. Without it, nothing shows:
// there is nothing to switch on.
;(() => {
  const section = document.querySelector('[data-testid="notify"]')
  if (!section) return
  /** The daily screen's service worker (sw.js): it shows the notifications. */
  const WORKER = '/seller/sw.js'
  const SCOPE = '/seller'
  const words = section.querySelector('[data-words]')
  const turnOnButton = section.querySelector('[data-turn="on"]')
  const turnOffButton = section.querySelector('[data-turn="off"]')
  const problem = section.querySelector('[role="alert"]')

  /** unsupported, blocked, off, on or busy: the words the server wrote for it, and its button. */
  function show(state) {
    section.dataset.state = state
    words.textContent = words.dataset[state]
    turnOnButton.hidden = state !== 'off'
    turnOffButton.hidden = state !== 'on'
    section.hidden = false
  }

  /** `failed`: which attempt (on, off); the reason is the browser's or the server's. */
  function fail(failed, error) {
    problem.textContent = `${problem.dataset[failed]} (${error instanceof Error ? error.message : String(error)}). Try again.`
    problem.hidden = false
  }

  /** The server's public key as the browser's subscribe() takes it. */
  function keyBytes(base64url) {
    const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(text, (character) => character.charCodeAt(0))
  }

  async function post(path, body) {
    const answer = await fetch(`/api/push-subscriptions/${path}`, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    if (!answer.ok) throw new Error(`the server answered ${answer.status}`)
  }

  const subscriptionNow = async () => (await navigator.serviceWorker.getRegistration(SCOPE))?.pushManager.getSubscription()

  async function turnOn() {
    show('busy')
    problem.hidden = true
    try {
      if ((await Notification.requestPermission()) !== 'granted') return show('blocked')
      const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE })
      await navigator.serviceWorker.ready
      const keyAnswer = await fetch('/api/push-subscriptions/key', { credentials: 'same-origin' })
      if (!keyAnswer.ok) throw new Error(`the server answered ${keyAnswer.status}`)
      const { publicKey } = await keyAnswer.json()
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
      await post('subscribe', subscription.toJSON())
      show('on')
    } catch (error) {
      fail('failedOn', error)
      show('off')
    }
  }

  async function turnOff() {
    show('busy')
    problem.hidden = true
    try {
      const subscription = await subscriptionNow()
      if (subscription) {
        await post('unsubscribe', { endpoint: subscription.endpoint })
        await subscription.unsubscribe()
      }
      show('off')
    } catch (error) {
      fail('failedOff', error)
      show('on')
    }
  }

  turnOnButton.addEventListener('click', () => void turnOn())
  turnOffButton.addEventListener('click', () => void turnOff())

  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) show('unsupported')
  else if (Notification.permission === 'denied') show('blocked')
  else subscriptionNow().then((subscription) => show(subscription ? 'on' : 'off'))
})()
