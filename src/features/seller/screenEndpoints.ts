import 'server-only'

import type { Endpoint, Payload, PayloadRequest } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { adminSession } from '@/features/admin/adminSession'
import { customerOrdersWhere, findCustomers } from '@/features/admin/customers'
import { addOrderFormProps, addOrderFromForm, type ManualOrderState } from '@/features/admin/manualOrder'
import { DELIVERY_METHODS } from '@/features/ordering/options'
import type { User } from '@/payload-types'
import { formText } from '@/shared/forms/formState'
import { newSubmissionKey } from '@/shared/forms/submissionKey'

import { countNewOrders, findNewOrders, findTodayScreen } from './dailyScreen'
import { sellerNotices } from './notices'
import { ADD_ORDER_MAX_BYTES, ADD_ORDER_TIME_FIELDS } from './rules'
import type { AddOrderData, CustomersData, NewOrdersData, TodayData } from './screenData'
import { checkSellerPost } from './session'

/**
 * What each page of the daily screen shows, as JSON for the page's server side (`screenData.ts`,
 * pages/seller), read with the services the admin uses. Payload reads the session from the
 * browser's headers, which the page passes on, with its own rule for the cookie (from the site's
 * own origins only); anything but an admin's session is answered 401, and the page sends the
 * browser to sign in.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' }

const answer = (data: object, status = 200) => Response.json(data, { status, headers: NO_STORE })

async function screen<Data extends object>(req: PayloadRequest, read: (payload: Payload, user: User) => Promise<Data>, status = 200): Promise<Response> {
  const session = await adminSession(req.payload, req.headers)
  if (session.status !== 'admin') return answer({ signIn: true }, 401)
  // Read here, not through the site's cached reads: Payload's config, which holds these endpoints, is what those reads start.
  const [data, settings] = await Promise.all([read(req.payload, session.user), req.payload.findGlobal({ slug: 'site-settings', depth: 0 })])
  return answer({ ...data, businessName: settings.businessName }, status)
}

/** `?page=2`…: a page number, or the first page for anything else. */
const pageNumber = (value: string | null) => (value && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1)

const todayEndpoint: Endpoint = {
  path: '/seller/today',
  method: 'get',
  handler: (req) => screen<TodayData>(req, async (payload) => ({ screen: await findTodayScreen(payload) })),
}

const newOrdersEndpoint: Endpoint = {
  path: '/seller/new',
  method: 'get',
  handler: (req) => screen<NewOrdersData>(req, async (payload, user) => ({ list: await findNewOrders(payload, user, pageNumber(req.searchParams.get('page'))) })),
}

const customersEndpoint: Endpoint = {
  path: '/seller/customers',
  method: 'get',
  handler: (req) =>
    screen<CustomersData>(req, async (payload, user) => {
      const search = (req.searchParams.get('q') ?? '').trim().slice(0, 100)
      const [list, newOrders] = await Promise.all([findCustomers({ payload, user }, { search, page: pageNumber(req.searchParams.get('page')) }), countNewOrders(payload)])
      // Each customer's orders in the admin's list, filtered as the admin's Customers links them.
      const customers = list.customers.map((customer) => ({ ...customer, ordersHref: adminListUrl('orders', customerOrdersWhere(customer)) }))
      return { list: { ...list, customers }, search, newOrders }
    }),
}

async function addOrderScreen(payload: Payload, refused: ManualOrderState | null): Promise<AddOrderData> {
  const [form, newOrders] = await Promise.all([addOrderFormProps(payload), countNewOrders(payload)])
  return {
    // After a refusal for a time taken meanwhile, the times open now.
    form: refused?.windows ? { ...form, windows: refused.windows } : form,
    refusal: refused && { message: refused.message ?? null, field: refused.field ?? null, typed: refused.values ?? {} },
    // Rendered for this request: posted twice (a double tap, a resent post), the form stores one order.
    submissionKey: newSubmissionKey(),
    newOrders,
  }
}

/** Without a script both methods' times are posted (`ADD_ORDER_TIME_FIELDS`): the order takes the chosen method's. */
function withChosenTime(posted: FormData): FormData {
  const method = DELIVERY_METHODS.find((option) => option.value === formText(posted, 'deliveryMethod'))?.value
  posted.set('window', method ? formText(posted, ADD_ORDER_TIME_FIELDS[method]) : '')
  return posted
}

const addOrderFormEndpoint: Endpoint = {
  path: '/seller/add',
  method: 'get',
  handler: (req) => screen<AddOrderData>(req, (payload) => addOrderScreen(payload, null)),
}

const refused = (status: number, message: string) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } })

/**
 * The posted body, or null for one over `ADD_ORDER_MAX_BYTES`: refused by its Content-Length
 * before any of it is read, and, when that is absent or understates it, as soon as the bytes read
 * pass the limit (the rest is not read).
 */
async function boundedBody(req: PayloadRequest): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(req.headers.get('content-length') ?? 0) > ADD_ORDER_MAX_BYTES) return null
  const reader = req.body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > ADD_ORDER_MAX_BYTES) {
      await reader.cancel()
      return null
    }
    chunks.push(read.value)
  }
  return new Uint8Array(Buffer.concat(chunks))
}

/** The form in `body`, parsed by its Content-Type as `Request#formData` parses it; throws for one that does not read. */
const formOf = (body: Uint8Array<ArrayBuffer>, contentType: string | null) => new Response(body, { headers: contentType ? { 'Content-Type': contentType } : {} }).formData()

/**
 * The Add order form posted (a plain form, passed on by its page). Refused with 403 from another
 * site's page (its `Origin`, as the order buttons' route checks) or an account that is not an
 * admin's, 401 without a session, 413 for a body over `ADD_ORDER_MAX_BYTES` (whoever posts it:
 * the page bounds what it reads, and so does this), 400 for one that does not read; otherwise the
 * order is placed through the admin's Add order service (`addOrderFromForm`): 201 with its
 * reference, or 400 with the form again, what was typed and why.
 */
const addOrderPostEndpoint: Endpoint = {
  path: '/seller/add',
  method: 'post',
  handler: async (req) => {
    const check = await checkSellerPost(req.payload, req.headers)
    if (check.status === 'other-site') return refused(403, sellerNotices.otherSite)
    if (check.status === 'forbidden') return refused(403, sellerNotices.notAnAdmin)
    if (check.status === 'anonymous') return answer({ signIn: true }, 401)
    const body = await boundedBody(req)
    if (!body) return refused(413, sellerNotices.tooLarge)
    let posted: FormData
    try {
      posted = await formOf(body, req.headers.get('content-type'))
    } catch {
      return refused(400, sellerNotices.badForm)
    }
    const added = await addOrderFromForm(req.payload, withChosenTime(posted), req.headers)
    if ('order' in added) return answer({ added: added.order.reference ?? '' }, 201)
    return screen<AddOrderData>(req, (payload) => addOrderScreen(payload, added.state), 400)
  },
}

export const sellerScreenEndpoints = [todayEndpoint, newOrdersEndpoint, customersEndpoint, addOrderFormEndpoint, addOrderPostEndpoint]
