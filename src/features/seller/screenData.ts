import type { IncomingMessage, ServerResponse } from 'node:http'

import type { GetServerSidePropsContext, GetServerSidePropsResult, Redirect } from 'next'

import type { CustomersPage } from '@/features/admin/customers'
import type { AddOrderFormProps } from '@/features/admin/manualOrder'
import type { Message } from '@/shared/notices'

import type { NewOrdersPage, TodayScreen } from './dailyScreen'
import { sellerNotices } from './notices'
import { orderAddedPath, SELLER_PATHS, signInPath } from './paths'
import { ADD_ORDER_MAX_BYTES } from './rules'

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

/** An Add order post refused before anything was read into an order, as the endpoint refuses it (or the page, for `too-large`). */
export type AddOrderRefusedReason = 'other-site' | 'not-an-admin' | 'bad-form' | 'too-large'

/**
 * Why a page shows the problem page (`components/ProblemPage.tsx`) instead of its screen: its
 * endpoint did not answer usably (`unavailable`, to retry at `retry`), an Add order post's answer
 * did not come (`unconfirmed`: the order may be stored), or the post was refused.
 */
export type SellerProblem = { kind: 'unavailable'; retry: string } | { kind: 'unconfirmed' } | { kind: 'refused'; reason: AddOrderRefusedReason }
export type ProblemProps = { problem: SellerProblem }

/**
 * How long a page waits for its endpoint, answer and body: the screens read a few indexed queries
 * (tens of milliseconds), so past this the server is stuck, and the seller is better told so than
 * left looking at a blank phone for undici's minutes.
 */
export const ENDPOINT_TIMEOUT_MS = 8_000

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

/** An endpoint that did not answer usably (timed out, failed, unreachable, 5xx): the page says so, the server's log says why. */
class EndpointFailed extends Error {}

const reasonOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/** The endpoint's answer, within `ENDPOINT_TIMEOUT_MS` (which also bounds reading its body), or `EndpointFailed`. */
async function askEndpoint(request: IncomingMessage, path: string, body?: Buffer): Promise<Response> {
  const headers = new Headers()
  for (const name of PASSED_ON) {
    const value = request.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  const signal = AbortSignal.timeout(ENDPOINT_TIMEOUT_MS)
  try {
    return await fetch(new URL(path, ownServer(request)), { method: body ? 'POST' : 'GET', headers, body: body ? new Uint8Array(body) : undefined, redirect: 'manual', signal })
  } catch (error) {
    throw new EndpointFailed(`${path} did not answer: ${reasonOf(error)}`)
  }
}

/** The answer's body as `read` gives it, or `EndpointFailed` when it does not come in time or does not parse. */
async function bodyOfAnswer<Body>(answer: Response, path: string, read: (answer: Response) => Promise<Body>): Promise<Body> {
  try {
    return await read(answer)
  } catch (error) {
    throw new EndpointFailed(`${path} answered ${answer.status} without a readable body: ${reasonOf(error)}`)
  }
}

const jsonOf = <Data>(answer: Response, path: string) => bodyOfAnswer(answer, path, async (body) => (await body.json()) as Data)
const textOf = (answer: Response, path: string) => bodyOfAnswer(answer, path, (body) => body.text())

/**
 * The problem page, with its status, instead of the page's screen: the seller reads plain words and
 * the one thing to do next, never the endpoint's text; the server's log keeps a failure's reason.
 */
function problemPage(response: ServerResponse, status: number, problem: SellerProblem, reason?: string): { props: ProblemProps } {
  if (reason) console.error(`[seller] ${reason}`)
  response.statusCode = status
  return { props: { problem } }
}

/** Runs a page's reads; an endpoint that failed becomes the problem page (503), anything else is a fault of this code and thrown. */
async function unlessEndpointFailed<Props>(
  response: ServerResponse,
  problem: SellerProblem,
  read: () => Promise<GetServerSidePropsResult<Props | ProblemProps>>,
): Promise<GetServerSidePropsResult<Props | ProblemProps>> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof EndpointFailed) return problemPage(response, 503, problem, error.message)
    throw error
  }
}

/** Sends the browser on with a GET: after a post (post/redirect/get), and to sign in. */
const seeOther = (destination: string): { redirect: Redirect } => ({ redirect: { destination, statusCode: 303 } })

async function pageFrom<Data>(answer: Response, endpoint: string, signInBack: string): Promise<GetServerSidePropsResult<Data & SellerPageProps>> {
  if (answer.status === 401) return seeOther(signInPath(signInBack))
  if (!answer.ok) throw new EndpointFailed(`${endpoint} answered ${answer.status}: ${(await textOf(answer, endpoint)).slice(0, 200)}`)
  return { props: await jsonOf<Data & SellerPageProps>(answer, endpoint) }
}

/**
 * A page for the admin signed in to this browser: its endpoint's answer (`endpoint` with the
 * page's query) and what the page reads from the address itself (`own`); anyone else is sent to
 * the admin's sign-in page, which brings them back to `path`. An endpoint that does not answer
 * within `ENDPOINT_TIMEOUT_MS`, fails or answers 5xx gives the problem page (503), which offers
 * to load the same address again.
 */
export async function sellerPageProps<Data, Own extends object = object>(
  context: GetServerSidePropsContext,
  endpoint: string,
  path: string,
  own?: Own,
): Promise<GetServerSidePropsResult<(Data & Own & SellerPageProps) | ProblemProps>> {
  const query = new URL(context.resolvedUrl, 'http://localhost').search
  return unlessEndpointFailed(context.res, { kind: 'unavailable', retry: context.resolvedUrl }, async () => {
    const page = await pageFrom<Data>(await askEndpoint(context.req, `${endpoint}${query}`), endpoint, path)
    return 'props' in page ? { props: { ...(await page.props), ...(own as Own) } } : page
  })
}

const ADD_ORDER_ENDPOINT = '/api/seller/add'

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

/**
 * The endpoint's refusals of a post before it reads an order (its text answers, kept for API
 * callers), told apart by their status and their words, which are this feature's own notices.
 */
const ENDPOINT_REFUSALS: { status: number; text: string; reason: AddOrderRefusedReason }[] = [
  { status: 403, text: sellerNotices.otherSite, reason: 'other-site' },
  { status: 403, text: sellerNotices.notAnAdmin, reason: 'not-an-admin' },
  { status: 400, text: sellerNotices.badForm, reason: 'bad-form' },
  { status: 413, text: sellerNotices.tooLarge, reason: 'too-large' },
]

/**
 * `/seller/add`: the form, and the form posted to it, passed on to the Add order endpoint: an order
 * placed sends the seller to the New list, which says which one; a refused one shows the form
 * again (400); a post from another site's page (403), an account that is not an admin's (403), a
 * form that does not read (400) or is far too large (413) gets the problem page saying so, one
 * without a session is sent to sign in. A post whose answer did not come gets the problem page
 * (503) saying the order may have been added.
 */
export async function addOrderPageProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<(AddOrderData & SellerPageProps) | ProblemProps>> {
  if (context.req.method !== 'POST') return sellerPageProps<AddOrderData>(context, ADD_ORDER_ENDPOINT, SELLER_PATHS.addOrder)
  const body = await bodyOf(context.req)
  if (!body) return problemPage(context.res, 413, { kind: 'refused', reason: 'too-large' })
  return unlessEndpointFailed<AddOrderData & SellerPageProps>(context.res, { kind: 'unconfirmed' }, async () => {
    const answer = await askEndpoint(context.req, ADD_ORDER_ENDPOINT, body)
    if (answer.status === 201) return seeOther(orderAddedPath((await jsonOf<{ added: string }>(answer, ADD_ORDER_ENDPOINT)).added))
    if (answer.status === 400 && answer.headers.get('content-type')?.startsWith('application/json')) {
      const page = await jsonOf<AddOrderData & SellerPageProps>(answer, ADD_ORDER_ENDPOINT)
      context.res.statusCode = 400
      return { props: page }
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401) {
      const text = await textOf(answer, ADD_ORDER_ENDPOINT)
      const refusal = ENDPOINT_REFUSALS.find((known) => known.status === answer.status && known.text === text)
      if (refusal) return problemPage(context.res, refusal.status, { kind: 'refused', reason: refusal.reason })
      throw new EndpointFailed(`${ADD_ORDER_ENDPOINT} answered ${answer.status}: ${text.slice(0, 200)}`)
    }
    return pageFrom<AddOrderData>(answer, ADD_ORDER_ENDPOINT, SELLER_PATHS.addOrder)
  })
}
