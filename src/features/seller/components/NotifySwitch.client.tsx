'use client'

import { useEffect, useState } from 'react'

/** What the switch says in each state of this device. */
const WORDS = {
  unsupported: 'This browser cannot show notifications. On an iPhone, add this screen to the Home Screen first, then open it from there.',
  blocked: 'Notifications are blocked for this site: allow them in the browser’s settings, then come back.',
  off: 'Get a notification on this device for each new order.',
  on: 'This device gets a notification for each new order.',
  busy: 'One moment…',
} as const

type State = keyof typeof WORDS

/** The daily screen's service worker (public/seller/sw.js), which shows the notifications, and its scope. */
const WORKER = '/seller/sw.js'
const SCOPE = '/seller'

/** The server's public key as the browser's `subscribe()` takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(text, (character) => character.charCodeAt(0))
}

async function post(path: 'subscribe' | 'unsubscribe', body: unknown) {
  const answer = await fetch(`/api/push-subscriptions/${path}`, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!answer.ok) throw new Error(`the server answered ${answer.status}`)
}

const subscriptionNow = async () => (await navigator.serviceWorker.getRegistration(SCOPE))?.pushManager.getSubscription()

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * "Notify me of new orders" for this device (features/seller/push): once it knows what this browser
 * can do, it shows the words for it and subscribes the browser with the shop's public key
 * (`/api/push-subscriptions/key`), handing the subscription to the shop; "Stop" undoes both.
 * Nothing shows before that, nor without a script: there is nothing to switch on.
 */
export function NotifySwitch() {
  const [state, setState] = useState<State | 'checking'>('checking')
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    // What this browser can do is known only here, after the server's rendering.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a value only the browser can give
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setState('unsupported')
    if (Notification.permission === 'denied') return setState('blocked')
    void subscriptionNow().then((subscription) => setState(subscription ? 'on' : 'off'))
  }, [])

  async function turnOn() {
    setState('busy')
    setProblem(null)
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('blocked')
      const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE })
      await navigator.serviceWorker.ready
      const keyAnswer = await fetch('/api/push-subscriptions/key', { credentials: 'same-origin' })
      if (!keyAnswer.ok) throw new Error(`the server answered ${keyAnswer.status}`)
      const { publicKey } = (await keyAnswer.json()) as { publicKey: string }
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
      await post('subscribe', subscription.toJSON())
      setState('on')
    } catch (error) {
      setProblem(`Notifications could not be turned on (${reasonOf(error)}). Try again.`)
      setState('off')
    }
  }

  async function turnOff() {
    setState('busy')
    setProblem(null)
    try {
      const subscription = await subscriptionNow()
      if (subscription) {
        await post('unsubscribe', { endpoint: subscription.endpoint })
        await subscription.unsubscribe()
      }
      setState('off')
    } catch (error) {
      setProblem(`Notifications could not be turned off (${reasonOf(error)}). Try again.`)
      setState('on')
    }
  }

  return (
    <section className="notify" aria-labelledby="notify-title" data-testid="notify" data-state={state} hidden={state === 'checking'}>
      <h2 id="notify-title">Notifications</h2>
      <p>{state === 'checking' ? null : WORDS[state]}</p>
      {state === 'off' && (
        <button type="button" className="button button--primary" onClick={() => void turnOn()}>
          Notify me of new orders
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="button" onClick={() => void turnOff()}>
          Stop notifications on this device
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  )
}
