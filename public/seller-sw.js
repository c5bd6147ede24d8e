// The seller's service worker (registered by the daily screen's "Notify me of new orders"): shows
// each new order's notification (features/admin/push/orderPush.ts sends it) and opens that order
// when it is tapped. It handles no fetches: pages load from the network as always.

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    // A push that is not ours: show the default words.
  }
  event.waitUntil(
    self.registration.showNotification(typeof message.title === 'string' ? message.title : 'New order', {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      data: { url: typeof message.url === 'string' ? message.url : '/admin' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  // Only an address of this site is opened.
  const target = new URL(event.notification.data?.url ?? '/admin', self.location.origin)
  const url = target.origin === self.location.origin ? target.href : new URL('/admin', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
