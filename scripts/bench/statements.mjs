// A payment app's statement matched to the orders, for the benchmarks: a Venmo statement of 1,000
// payments for the shop's newest orders, uploaded through Admin → Payments received's form as the
// seller's browser posts it (multipart, its Origin, the session cookie), timed until the answer
// that says how many were added: read, matched against every order and stored.
import { performance } from 'node:perf_hooks'

import { adminApi } from './admin.mjs'

const VENMO_HEADER = ',ID,Datetime,Type,Status,Note,From,To,Amount (total),Amount (tip),Amount (tax),Amount (fee),Tax Rate,Tax Exempt,Funding Source,Destination,Beginning Balance,Ending Balance,Statement Period Venmo Fees,Terminal Location,Year to Date Venmo Fees,Disclaimer'

/**
 * The statement: for each of the newest orders one payment an hour after it, a third naming its
 * reference, a third only its customer's name and its amount, a third from someone with no order;
 * every payment's id new to the database (`run` tells runs apart).
 */
export function venmoStatement(orders, run) {
  const rows = orders.map((order, index) => {
    const paidAt = new Date(Date.parse(order.createdAt) + 3_600_000).toISOString().slice(0, 19)
    const kind = index % 3
    const note = kind === 0 ? `${order.reference} thanks` : 'sea moss'
    const payer = kind === 2 ? `Nobody Known ${index}` : order.fullName.replaceAll(',', ' ')
    return `,${run}${String(index).padStart(6, '0')},${paidAt},Payment,Complete,${note},${payer},Seamoss Detroit,+ $${order.totalPrice.toFixed(2)},,0,,0,,,Venmo balance,,,,Venmo,,`
  })
  return ['Account Statement - (@Seamoss-Detroit),,,', 'Account Activity,,,', VENMO_HEADER, ...rows].join('\n')
}

/** Uploads a statement of `count` payments for the newest orders; its time and what the view was told. */
export async function matchStatement(session, count = 1_000) {
  const { docs } = await adminApi(session, 'GET', `/api/orders?limit=${count}&sort=-createdAt&depth=0&select[reference]=true&select[fullName]=true&select[totalPrice]=true&select[createdAt]=true`)
  const form = new FormData()
  form.set('file', new File([venmoStatement(docs, Date.now())], 'venmo-statement.csv', { type: 'text/csv' }))
  const started = performance.now()
  const answer = await fetch(`${session.url}/api/statements/upload`, { method: 'POST', body: form, redirect: 'manual', headers: { Cookie: session.page.Cookie, Origin: session.url } })
  const ms = performance.now() - started
  const location = answer.headers.get('location') ?? ''
  if (answer.status !== 303 || !location.includes(`added=${docs.length}`)) throw new Error(`the statement's upload: ${answer.status} ${location || (await answer.text()).slice(0, 300)}`)
  return { ms, payments: docs.length }
}
