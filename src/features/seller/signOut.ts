import type { CollectionAfterLogoutHook } from 'payload'

/**
 * Signing out of the admin (its Log out, or the sign-out after a while without use) leaves none of
 * the customers on the device. The daily screen's service worker (public/seller/sw.js) keeps the
 * last Today and Run pages (names, phones, addresses) to show them offline, and shows each new
 * order's notification; it drops its pages only when an online visit to /seller is sent to sign in.
 * `Clear-Site-Data: "storage"` on the sign-out's answer has the browser drop them at once: Cache
 * Storage, the worker and its push subscription (with the site's other storage). The next visit to
 * /seller installs the worker again; notifications are switched on again on Today.
 */
export const forgetDeviceDataOnSignOut: CollectionAfterLogoutHook = ({ req }) => {
  const headers = req.responseHeaders ?? new Headers()
  headers.set('Clear-Site-Data', '"storage"')
  req.responseHeaders = headers
}
