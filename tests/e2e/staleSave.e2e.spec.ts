// A seller's admin page opened before the order changed elsewhere (the customer's own change, the
// other founder's phone): its save is refused with why (`hooks/refuseStaleSave.ts`), and the change
// made meanwhile stays, rather than the page's old values being written back over it.

import { addOrderOnDailyScreen, adminApi, expect, openAdminDocument, screenshots, test, withAdminSession } from './fixtures'

type Order = { id: number; notes: string | null; paymentStatus: string }

test("Mark paid on an order page opened before the order changed elsewhere: refused with why, the change kept", async ({ page, request }) => {
  await withAdminSession(page)
  const stamp = Date.now()
  const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName: `Stale Page ${stamp}`, flavors: ['Mixed Berry'], method: 'Delivery', email: `stale-${stamp}@example.com` })
  const order = ((await adminApi(request, 'GET', `/api/orders?depth=0&where[reference][equals]=${reference}`)) as { docs: Order[] }).docs[0]
  try {
    await openAdminDocument(page, `/admin/collections/orders/${order.id}`)
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { notes: 'Changed on the other phone' })
    await page.locator('.mark-paid__button').click()
    // One sentence, as the hook says it (not Payload's "An unknown error occurred.", nor split into a list).
    await expect(page.getByText('This order changed after this page was opened (by a customer, the other founder or the site itself), so nothing was saved. Reload the page to see it as it is now, then make your change again.', { exact: true })).toBeVisible()
    await screenshots(page, 'stale-save-refused')
    // The page does not show a payment that was not recorded.
    await expect(page.getByTestId('payment-state')).toContainText('Not paid yet')
    const stored = (await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`)) as Order
    expect(stored).toMatchObject({ notes: 'Changed on the other phone', paymentStatus: 'unpaid' })

    // Reloaded, Mark paid goes through and keeps the change.
    await openAdminDocument(page, `/admin/collections/orders/${order.id}`)
    await page.locator('.mark-paid__button').click()
    await expect(page.getByTestId('payment-state')).toContainText('Paid')
    await expect.poll(async () => ((await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`)) as Order).paymentStatus).toBe('paid')
    expect(((await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`)) as Order).notes).toBe('Changed on the other phone')
  } finally {
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })
  }
})
