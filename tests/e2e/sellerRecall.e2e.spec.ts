// The recall from the phone (/seller/recall), with scripts off at 390 px: the seller opens it from
// the daily screen's bar, chooses a batch, reads the totals and the cards, runs a drill and reads
// its short record; the confirmation step shows the e-mail before anything is sent. A visitor is
// sent to sign in and back to the same recall, a post from another site is refused. The orders
// are deleted again at the end, so the files after this one see the shop as before.
import { addBatch, addOrderOnDailyScreen, adminRestFrom, expect, screenshots, test, withAdminSession } from './fixtures'

// Its own client address: each sign-in counts against the per-address login allowance.
const api = adminRestFrom('198.51.100.52')

test.describe.configure({ timeout: 150_000 })

test('the seller recalls a batch from the phone without JavaScript: the cards, the totals, a drill and its record', async ({ page, browser, baseURL }) => {
  const stamp = String(Date.now()).slice(-6)
  const code = `PR-${stamp}`
  const names = [`Pia Phone ${stamp}`, `Paul Phone ${stamp}`]
  const batch = await addBatch(api, { code, jarsLeft: null })
  const context = await (async () => {
    await withAdminSession(page)
    for (const [index, fullName] of names.entries()) {
      await addOrderOnDailyScreen(page, {
        source: 'Text or call',
        fullName,
        flavors: index ? ['Mixed Berry', 'Peach Ginger', 'Peach Ginger'] : ['Peach Ginger'],
        method: 'Delivery',
        ...(index ? {} : { email: `pia-${stamp}@example.com` }),
      })
    }
    return browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      viewport: { width: 390, height: 844 },
    })
  })()
  try {
    const phone = await context.newPage()
    await phone.goto('/seller')
    await phone.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: 'Recall' }).click()
    await expect(phone.getByRole('heading', { level: 1, name: 'Recall' })).toBeVisible()
    await phone.getByRole('radio', { name: 'A batch', exact: true }).check()
    await phone.getByLabel('Batch', { exact: true }).selectOption({
      label: `${code} · made ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(batch.madeOn))}`,
    })
    await phone.getByRole('button', { name: 'Show the orders' }).click()

    await expect(phone).toHaveURL(new RegExp(`/seller/recall\\?scope=batch&batch=${batch.id}`))
    await expect(phone.getByRole('heading', { name: `Batch ${code}` })).toBeVisible()
    const cards = phone.getByTestId('recall-row')
    await expect(cards).toHaveCount(2)
    // One phone for both orders (fillAddOrderForm): one customer, as the admin's recall counts them.
    await expect(phone.getByTestId('recall-customers')).toHaveText('1')
    await expect(phone.getByTestId('recall-orders')).toHaveText('2')
    await expect(phone.getByTestId('recall-jars')).toHaveText('4')
    const pia = cards.filter({ hasText: names[0] })
    await expect(pia.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:/)
    await expect(pia.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', `mailto:pia-${stamp}@example.com`)
    await expect(cards.filter({ hasText: names[1] })).toContainText('1 × Mixed Berry, 2 × Peach Ginger')
    await expect(cards.filter({ hasText: names[1] }).getByRole('link', { name: 'E-mail' })).toHaveCount(0)
    await expect(phone.getByRole('link', { name: 'In the full admin' })).toHaveAttribute('href', `/admin/recall?scope=batch&batch=${batch.id}`)
    // Nothing overflows the phone's width.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshots(phone, 'phone-recall-batch')

    // The real recall waits behind its confirmation step: the e-mail as customers read it, and the reason.
    await phone.getByRole('link', { name: 'Recall and e-mail this customer' }).click()
    await expect(phone.getByTestId('recall-tell')).toContainText('Subject:')
    await expect(phone.getByLabel('Why are these jars recalled? (customers read it)')).toBeVisible()
    await screenshots(phone, 'phone-recall-tell')
    await phone.getByRole('link', { name: 'Cancel' }).click()

    await phone.getByRole('button', { name: 'Practice recall (drill)' }).click()
    await expect(phone).toHaveURL(/\/seller\/recall\/[0-9a-f]+$/)
    await expect(phone.getByTestId('recall-record-title')).toHaveText(`Practice recall (drill): Batch ${code}`)
    await expect(phone.getByTestId('record-customers')).toHaveText('1')
    await expect(phone.getByTestId('record-find-time')).toHaveText(/^\d+\.\d\d s$/)
    await expect(phone.getByTestId('record-drill-note')).toBeVisible()
    await screenshots(phone, 'phone-recall-drill')

    // Bad input gets the admin's words.
    await phone.goto('/seller/recall?scope=made&from=2026-12-05&to=2026-12-01')
    await expect(phone.getByTestId('recall-problem')).toHaveText('The first day comes before the last day.')

    // A visitor: the sign-in page, with the way back to the same recall, and no customer.
    const address = `/seller/recall?scope=batch&batch=${batch.id}`
    const signedOut = await fetch(new URL(address, baseURL), {
      redirect: 'manual',
    })
    expect(signedOut.status).toBe(307)
    expect(signedOut.headers.get('location')).toMatch(new RegExp(`/admin/login\\?redirect=${encodeURIComponent(address).replace(/[?]/g, '\\?')}$`))
    expect(await signedOut.text()).not.toContain(names[0])
    // A drill posted from another site's page is refused before anything is read.
    const forged = await fetch(new URL('/seller/recall/run', baseURL), {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example' },
      body: new URLSearchParams({
        scope: 'batch',
        batch: String(batch.id),
        kind: 'drill',
      }),
      redirect: 'manual',
    })
    expect(forged.status).toBe(403)
  } finally {
    await context.close()
    for (const fullName of names) {
      const { docs } = await api('GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(fullName)}&depth=0`)
      for (const order of docs as { id: number }[]) await api('DELETE', `/api/orders/${order.id}`)
    }
  }
})
