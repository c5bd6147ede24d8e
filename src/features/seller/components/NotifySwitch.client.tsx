'use client'

import { useEffect, useState } from 'react'

/** The daily screen's service worker (public/seller/sw.js): it shows the notifications. */
const WORKER = '/seller/sw.js'
const SCOPE = '/seller'

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on' | 'busy'

const WORDS: Record<Exclude<State, 'checking'>, string> = {
  unsupported: 'This browser cannot show notifications. On an iPhone, add this screen to the Home Screen first, then open it from there.',
  blocked: 'Notifications are blocked for this site: allow them in the browser’s settings, then come back.',
  off: 'Get a notification on this device for each new order.',
  on: 'This device gets a notification for each new order.',
  busy: 'One moment…',
}

/** The server's public key as the browser's subscribe() takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index)
  return bytes
}

async function post(path: string, body: unknown): Promise<void> {
  const answer = await fetch(`/api/push-subscriptions/${path}`, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!answer.ok) throw new Error(`the server answered ${answer.status}`)
}

/**
 * "Notify me of new orders" for this device (features/seller/push): subscribes the browser with the
 * shop's public key and hands the subscription to the shop; "Stop" undoes both. Nothing shows
 * until it knows what this browser can do (and nothing without JavaScript: nothing to switch on).
 */
export function NotifySwitch() {
  const [state, setState] = useState<State>('checking')
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    void (async () => {
      if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setState('unsupported')
      if (Notification.permission === 'denied') return setState('blocked')
      const subscription = await (await navigator.serviceWorker.getRegistration(SCOPE))?.pushManager.getSubscription()
      setState(subscription ? 'on' : 'off')
    })()
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
      setProblem(`Notifications could not be turned on (${error instanceof Error ? error.message : String(error)}). Try again.`)
      setState('off')
    }
  }

  async function turnOff() {
    setState('busy')
    setProblem(null)
    try {
      const subscription = await (await navigator.serviceWorker.getRegistration(SCOPE))?.pushManager.getSubscription()
      if (subscription) {
        await post('unsubscribe', { endpoint: subscription.endpoint })
        await subscription.unsubscribe()
      }
      setState('off')
    } catch (error) {
      setProblem(`Notifications could not be turned off (${error instanceof Error ? error.message : String(error)}). Try again.`)
      setState('on')
    }
  }

  if (state === 'checking') return null
  return (
    <section className="notify" aria-labelledby="notify-title" data-testid="notify" data-state={state}>
      <h2 id="notify-title">Notifications</h2>
      <p>{WORDS[state]}</p>
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
