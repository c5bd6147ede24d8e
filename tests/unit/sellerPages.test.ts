import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { GetServerSideProps, GetServerSidePropsContext } from 'next'
import { type ComponentType, createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'

import { sellerNotices } from '@/features/seller/notices'
import { ENDPOINT_TIMEOUT_MS } from '@/features/seller/screenData'
import * as addOrderPage from '@/pages/seller/add'
import * as customersPage from '@/pages/seller/customers'
import * as todayPage from '@/pages/seller/index'

/**
 * The daily screen's pages (pages/seller) when their endpoint does not answer usably, or refuses
 * an Add order post: what the seller's browser gets (status and page), with each page run as Next
 * runs it — its getServerSideProps with the request, then its component — on a server of this
 * test, whose `/api/seller/…` does what each test says in place of Payload's endpoints.
 */

type PageModule = { default: ComponentType<never>; getServerSideProps: GetServerSideProps }
const PAGES: Record<string, PageModule> = { '/seller': todayPage, '/seller/customers': customersPage, '/seller/add': addOrderPage } as never

/** What `/api/seller/…` does with the page's request in the running test. */
let endpoint: (request: IncomingMessage, response: ServerResponse) => void
const asked: string[] = []

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url!, 'http://localhost')
  if (url.pathname.startsWith('/api/')) {
    asked.push(`${request.method} ${request.url}`)
    return endpoint(request, response)
  }
  const page = PAGES[url.pathname]
  const context = { req: request, res: response, resolvedUrl: request.url!, query: Object.fromEntries(url.searchParams) } as unknown as GetServerSidePropsContext
  const result = await page.getServerSideProps(context)
  if ('redirect' in result) return response.writeHead(303, { Location: result.redirect.destination }).end()
  if ('notFound' in result) return response.writeHead(404).end()
  response.end(renderToStaticMarkup(createElement(page.default, (await result.props) as never)))
})

let base: string
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** The server's log: each problem page records why, for whoever looks after the server. */
let logged: MockInstance<typeof console.error>
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  asked.length = 0
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** The page's wait for its endpoint, made short here: the code asks for `ENDPOINT_TIMEOUT_MS`. */
function shortTimeout() {
  const timeout = AbortSignal.timeout.bind(AbortSignal)
  return vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(200))
}

const never = () => undefined
const answering = (status: number, body: string, contentType = 'text/plain; charset=utf-8') => (_: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { 'Content-Type': contentType }).end(body)
}

const open = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' })
const postAddOrder = (body: string) =>
  fetch(`${base}/seller/add`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base }, body })

/** The page in the daily screen's frame: its top bar, its heading, its words, and where its one button goes. */
async function problemPageOf(answer: Response) {
  const html = await answer.text()
  expect(html).toContain('<nav aria-label="Daily screen">')
  return {
    html,
    heading: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    message: /<p class="problem">([^<]*)<\/p>/.exec(html)?.[1],
    next: /<a class="button button--primary problem__next" href="([^"]*)">([^<]*)<\/a>/.exec(html)?.slice(1),
  }
}

describe('a page whose endpoint does not answer usably', () => {
  it(`says it could not load (503) and offers the same address again, when the endpoint does not answer within ${ENDPOINT_TIMEOUT_MS / 1000} s`, async () => {
    const timeout = shortTimeout()
    endpoint = never
    const answer = await open('/seller/customers?q=Ann')
    expect(timeout).toHaveBeenCalledWith(ENDPOINT_TIMEOUT_MS)
    expect(answer.status).toBe(503)
    expect(await problemPageOf(answer)).toMatchObject({
      heading: sellerNotices.unavailableTitle,
      message: sellerNotices.unavailable,
      next: ['/seller/customers?q=Ann', sellerNotices.tryAgain],
    })
    expect(asked).toEqual(['GET /api/seller/customers?q=Ann'])
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[seller\] \/api\/seller\/customers\?q=Ann did not answer: TimeoutError/))
  })

  it('says the same when the endpoint sends its headers but not its body in time', async () => {
    shortTimeout()
    endpoint = (_, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).write('{"screen":')
    const answer = await open('/seller')
    expect(answer.status).toBe(503)
    expect((await problemPageOf(answer)).next).toEqual(['/seller', sellerNotices.tryAgain])
  })

  it("says the same for an endpoint's 5xx, never showing its text", async () => {
    endpoint = answering(500, 'Error: SQLITE_BUSY: database is locked\n    at Object.find (/app/node_modules/…)')
    const answer = await open('/seller')
    expect(answer.status).toBe(503)
    const page = await problemPageOf(answer)
    expect(page.heading).toBe(sellerNotices.unavailableTitle)
    expect(page.html).not.toMatch(/SQLITE|node_modules|Error/)
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('/api/seller/today answered 500: Error: SQLITE_BUSY'))
  })

  it('says the same when the connection to the endpoint fails', async () => {
    endpoint = (request) => request.socket.destroy()
    const answer = await open('/seller')
    expect(answer.status).toBe(503)
    expect((await problemPageOf(answer)).heading).toBe(sellerNotices.unavailableTitle)
  })

  it('still sends a visitor without a session to sign in', async () => {
    endpoint = answering(401, '{"signIn":true}', 'application/json')
    const answer = await open('/seller')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/admin/login?redirect=%2Fseller')
  })
})

describe('an Add order post', () => {
  const form = new URLSearchParams({ source: 'text', quantity: '1', flavor1: 'mixed-berry', fullName: 'Tess Texted' }).toString()

  it('whose answer does not come says the order may have been added, and where to look (503)', async () => {
    shortTimeout()
    endpoint = never
    const answer = await postAddOrder(form)
    expect(answer.status).toBe(503)
    expect(await problemPageOf(answer)).toMatchObject({ heading: sellerNotices.unconfirmedTitle, next: ['/seller/new', sellerNotices.openNew] })
    expect(asked).toEqual(['POST /api/seller/add'])
  })

  it.each([
    { refusal: sellerNotices.otherSite, status: 403, next: ['/seller/add', sellerNotices.backToAddOrder] },
    { refusal: sellerNotices.notAnAdmin, status: 403, next: ['/admin/login?redirect=%2Fseller%2Fadd', sellerNotices.signInAsAdmin] },
    { refusal: sellerNotices.badForm, status: 400, next: ['/seller/add', sellerNotices.backToAddOrder] },
  ])('refused by the endpoint with $status "$refusal" is a page of the daily screen saying so, with the same status', async ({ refusal, status, next }) => {
    endpoint = answering(status, refusal)
    const answer = await postAddOrder(form)
    expect(answer.status).toBe(status)
    const page = await problemPageOf(answer)
    expect(page).toMatchObject({ heading: sellerNotices.refusedTitle, next })
    expect(page.message).toBe(refusal)
  })

  it('far larger than a form is refused by the page itself (413), without asking the endpoint', async () => {
    endpoint = answering(201, '{"added":"SM-1"}', 'application/json')
    const answer = await postAddOrder(`${form}&notes=${'x'.repeat(100 * 1024)}`)
    expect(answer.status).toBe(413)
    expect(await problemPageOf(answer)).toMatchObject({ heading: sellerNotices.refusedTitle, message: sellerNotices.tooLarge })
    expect(asked).toEqual([])
  })
})
