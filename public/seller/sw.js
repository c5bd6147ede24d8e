// The daily screen's service worker (features/seller, docs/ARCHITECTURE.md "The daily screen").
//
// - Today (/seller) and the delivery runs (/seller/run, one page per run) come from the network
//   whenever there is one; each copy that loads is kept, with the build's stylesheets it names
//   (/_next/static: immutable, so each is served from the kept copy while it is there). Offline,
//   the last kept copy is shown, marked as such.
// - Nothing is ever queued: a button tapped offline is answered by the page below ("nothing was
//   sent"), and is tapped again once online. Each button applies only from the state it was shown
//   for, so a tap that did reach the server before the connection dropped is not applied twice.
// - Every other request goes to the network as if there were no worker.

const CACHE = 'seller-today-v1'
const TODAY = '/seller'
const RUN = '/seller/run'
/** Run pages kept at most: a day's few runs and the next day's; the oldest kept goes first. */
const RUN_PAGES_KEPT = 8
/** The pages' <body> (src/app/(seller)/layout.tsx), where the offline mark goes. */
const BODY = '<body class="seller">'
/** The build's files, named by their content: a kept one is the same file as the network's. */
const STATIC = '/_next/static/'

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.method === 'GET' && url.pathname.startsWith(STATIC)) return event.respondWith(keptOrNetwork(request))
  if (request.mode !== 'navigate') return
  if (request.method === 'POST') event.respondWith(fetch(request).catch(() => notSent()))
  else if (request.method === 'GET' && (url.pathname === TODAY || url.pathname === RUN)) event.respondWith(networkThenKept(request, keptAs(url)))
})

/**
 * The address a page is kept under: Today's own, or a run's with only its run (`?run=…`); the
 * notice of the last tap (`&done=…`, `&left=…`) is not part of the page.
 */
function keptAs(url) {
  if (url.pathname === TODAY) return TODAY
  const run = url.searchParams.get('run')
  return run ? `${RUN}?run=${encodeURIComponent(run)}` : RUN
}

async function networkThenKept(request, key) {
  try {
    const response = await fetch(request)
    if (response.status === 200 && response.type === 'basic') await keep(key, response.clone())
    // Signed out, the answer is a redirect to sign in: the customers' names and phones kept on
    // this phone go too.
    else if (response.type === 'opaqueredirect') await caches.delete(CACHE)
    return response
  } catch {
    const kept = await (await caches.open(CACHE)).match(key)
    if (kept) return markedOffline(kept)
    return notSent(key === TODAY ? 'Today has not been loaded on this phone yet.' : 'This run has not been loaded on this phone yet.')
  }
}

/** The stylesheets a kept page names. */
const stylesheetsOf = (html) =>
  [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((link) => /\bhref="(\/_next\/static\/[^"]+)"/.exec(link[0])?.[1]).filter(Boolean)

async function keep(key, response) {
  const cache = await caches.open(CACHE)
  const html = await response.clone().text()
  const stylesheets = stylesheetsOf(html)
  // Put back last: the run pages kept longest are the first listed, and the first to go.
  await cache.delete(key)
  await Promise.all([cache.put(key, response), ...stylesheets.map((href) => cache.add(href).catch(() => undefined))])
  const pages = (await cache.keys()).filter((kept) => !new URL(kept.url).pathname.startsWith(STATIC))
  const runPages = pages.filter((kept) => new URL(kept.url).pathname === RUN)
  for (const old of runPages.slice(0, Math.max(0, runPages.length - RUN_PAGES_KEPT))) await cache.delete(old)
  // A new build's pages name new files: those no kept page names go.
  const named = new Set(stylesheets)
  for (const page of await cache.keys()) {
    if (new URL(page.url).pathname.startsWith(STATIC)) continue
    for (const href of stylesheetsOf(await (await cache.match(page)).text())) named.add(href)
  }
  for (const kept of await cache.keys()) {
    const { pathname } = new URL(kept.url)
    if (pathname.startsWith(STATIC) && !named.has(pathname)) await cache.delete(kept)
  }
}

async function keptOrNetwork(request) {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request)
}

/** The kept list, with a line saying when it was loaded; the last tap's confirmation is left out. */
async function markedOffline(kept) {
  const loaded = new Date(kept.headers.get('date') ?? Date.now()).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })
  const mark = `<p class="offline" role="status">Offline: the list as loaded ${loaded}. Buttons need a connection: they send nothing until you are back online.</p>`
  const html = (await kept.text()).replace(BODY, `<body class="seller seller--offline">${mark}`)
  // Only the page's own stylesheets are kept: its scripts (Next's and React's runtime, the page's
  // data for React, the screen's own) are left out rather than run stale, so the list is the
  // server's HTML as it was, whose buttons are plain forms; React would also take the mark above
  // for a mismatch with that data and put the page back as it was rendered.
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*\bas="script"[^>]*>/g, '')
  return new Response(withoutScripts, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
}

function notSent(reason = 'You are offline: nothing was sent.') {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:30rem"><h1 style="font-size:1.3rem">${reason}</h1>
<p>Buttons need a connection. When you are back online, open <a href="${TODAY}">Today</a> or <a href="${RUN}">Run</a> again: it shows where each order stands, and a tap that did reach the shop is not applied twice.</p></body></html>`
  return new Response(page, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
}

// A notification for each new order (features/admin/push/orderPush.ts sends it, once the daily
// screen's "Notify me of new orders" subscribed this device:
// features/seller/components/NotifySwitch.client.tsx).
// A tap opens that order, in a window of the site already open when there is one.

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    // Not ours: the default words.
  }
  const text = (value, otherwise) => (typeof value === 'string' ? value : otherwise)
  event.waitUntil(
    self.registration.showNotification(text(message.title, 'New order'), {
      body: text(message.body, ''),
      tag: text(message.tag, undefined),
      icon: '/seller/icon-192.png',
      data: { url: text(message.url, TODAY) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  // Only an address of this site is opened.
  const target = new URL(event.notification.data?.url ?? TODAY, self.location.origin)
  const url = target.origin === self.location.origin ? target.href : new URL(TODAY, self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
