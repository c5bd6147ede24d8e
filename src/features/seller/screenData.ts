import type { IncomingMessage, ServerResponse } from 'node:http'

import type { GetServerSidePropsContext, GetServerSidePropsResult, Redirect } from 'next'

import type { CustomersPage } from '@/features/admin/customers'
import type { AddOrderFormProps } from '@/features/admin/manualOrder'
import type { Message } from '@/shared/notices'

import type { NewOrdersPage, TodayScreen } from './dailyScreen'
import { sellerNotices } from './notices'
import { orderAddedPath, SELLER_PATHS, signInPath } from './paths'

/**
 * How a page of the daily screen (pages/seller) gets what it shows. Its pages are in Next's Pages
 * Router, where a page can go without any script of Next's (`unstable_runtimeJS: false`), but
 * where Turbopack refuses every module marked `server-only` or using `next/headers` or
 * `revalidateTag`: Payload's config and the services reach them all. So the pages are a front over
 * Payload's API, as a headless front end is: each page's server side asks its endpoint on this
 * same server (`screenEndpoints.ts`, `/api/seller/…`) with the browser's own headers, and renders
 * the answer. Nothing here may import a server module (types only).
 */

/** What every page gets beside its own data: the business's name, for its title. */
export type SellerPageProps = { businessName: string }

export type TodayData = { screen: TodayScreen }
export type NewOrdersData = { list: NewOrdersPage }
export type CustomerCard = CustomersPage['customers'][number] & { ordersHref: string }
export type CustomersData = { list: Omit<CustomersPage, 'customers'> & { customers: CustomerCard[] }; search: string; newOrders: number }

/** A post that stored nothing: why, the field it is about, and everything typed, shown again. */
export type AddOrderRefusal = { message: Message | null; field: string | null; typed: Record<string, string> }
export type AddOrderData = {
  form: AddOrderFormProps
  refusal: AddOrderRefusal | null
  /** This form's one-time key: posted twice (a double tap, a resent post), it stores one order. */
  submissionKey: string
  newOrders: number
}

/**
 * The browser's headers that say who is asking and from where: the session cookie, and what
 * Payload's rule for it (`csrf`) and the post's origin check read. Nothing else is passed on.
 */
const PASSED_ON = ['cookie', 'origin', 'sec-fetch-site', 'user-agent', 'content-type'] as const

/** This server, at the address the page's request reached it on (the page's own process). */
function ownServer(request: IncomingMessage): string {
  const { localAddress, localPort } = request.socket
  return `http://${localAddress?.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`
}

async function askEndpoint(request: IncomingMessage, path: string, body?: Buffer): Promise<Response> {
  const headers = new Headers()
  for (const name of PASSED_ON) {
    const value = request.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  return fetch(new URL(path, ownServer(request)), { method: body ? 'POST' : 'GET', headers, body: body ? new Uint8Array(body) : undefined, redirect: 'manual' })
}

/** Sends the browser on with a GET: after a post (post/redirect/get), and to sign in. */
const seeOther = (destination: string): { redirect: Redirect } => ({ redirect: { destination, statusCode: 303 } })

async function pageFrom<Data>(answer: Response, endpoint: string, signInBack: string): Promise<GetServerSidePropsResult<Data & SellerPageProps>> {
  if (answer.status === 401) return seeOther(signInPath(signInBack))
  if (!answer.ok) throw new Error(`${endpoint} answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`)
  return { props: (await answer.json()) as Data & SellerPageProps }
}

/**
 * A page for the admin signed in to this browser: its endpoint's answer (`endpoint` with the
 * page's query) and what the page reads from the address itself (`own`); anyone else is sent to
 * the admin's sign-in page, which brings them back to `path`.
 */
export async function sellerPageProps<Data, Own extends object = object>(
  context: GetServerSidePropsContext,
  endpoint: string,
  path: string,
  own?: Own,
): Promise<GetServerSidePropsResult<Data & Own & SellerPageProps>> {
  const query = new URL(context.resolvedUrl, 'http://localhost').search
  const page = await pageFrom<Data>(await askEndpoint(context.req, `${endpoint}${query}`), endpoint, path)
  return 'props' in page ? { props: { ...(await page.props), ...(own as Own) } } : page
}

const ADD_ORDER_ENDPOINT = '/api/seller/add'

/**
 * The most an Add order post may carry: its fields' limits (`shared/forms/limits.ts`) add up to
 * under 3 kB, so 64 kB is a form no one typed. Read by the page itself (getServerSideProps gets the
 * raw request), so it is bounded here and not only at the proxy.
 */
const ADD_ORDER_MAX_BYTES = 64 * 1024

/** The posted body, or null once it is larger than `ADD_ORDER_MAX_BYTES` (read no further). */
async function bodyOf(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > ADD_ORDER_MAX_BYTES) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** An answer refused as text (another site's page, a form that does not read): Next renders no page once it is sent. */
function passOn<Props>(response: ServerResponse, status: number, text: string): GetServerSidePropsResult<Props> {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' }).end(text)
  return { props: {} as Props }
}

/**
 * `/seller/add`: the form, and the form posted to it, passed on to the Add order endpoint: an order
 * placed sends the seller to the New list, which says which one; a refused one shows the form
 * again (400); a post from another site's page is refused (403), one without a session sent to
 * sign in.
 */
export async function addOrderPageProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<AddOrderData & SellerPageProps>> {
  if (context.req.method !== 'POST') return sellerPageProps<AddOrderData>(context, ADD_ORDER_ENDPOINT, SELLER_PATHS.addOrder)
  const body = await bodyOf(context.req)
  if (!body) return passOn(context.res, 413, sellerNotices.tooLarge)
  const answer = await askEndpoint(context.req, ADD_ORDER_ENDPOINT, body)
  if (answer.status === 201) return seeOther(orderAddedPath(((await answer.json()) as { added: string }).added))
  if (answer.status === 400 && answer.headers.get('content-type')?.startsWith('application/json')) {
    context.res.statusCode = 400
    return { props: (await answer.json()) as AddOrderData & SellerPageProps }
  }
  if (answer.status === 403 || answer.status === 400) return passOn(context.res, answer.status, await answer.text())
  return pageFrom<AddOrderData>(answer, ADD_ORDER_ENDPOINT, SELLER_PATHS.addOrder)
}
