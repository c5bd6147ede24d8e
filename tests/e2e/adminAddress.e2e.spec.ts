// Where the seller opens the admin: a second production server started as the quick start leaves
// it (no SITE_URL), opened at 127.0.0.1 and at another name for this machine, and the suite's own
// server (SITE_URL set) asked for under that other name. Its own server also keeps the lockout test
// away from the account the other spec files sign in with.
import type { Page } from '@playwright/test'

import { chromiumLaunchOptions } from '../../playwright.config'
import { startSite, type Site } from '../helpers/site'
import { expect, test } from './fixtures'

const OWNER = { email: 'quick-start@example.com', password: 'quick-start-password' }
/** Another name of this machine, as a phone on the local network or a hosts-file entry would give it. */
const OTHER_NAME = 'seller-laptop.test'

test.use({ launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, `--host-resolver-rules=MAP ${OTHER_NAME} 127.0.0.1`] } })
test.describe.configure({ mode: 'serial' })

let quickStart: Site
const port = () => new URL(quickStart.baseURL).port

test.beforeAll(async () => {
  test.setTimeout(180_000)
  quickStart = await startSite({ env: { SITE_URL: undefined, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } })
})

test.afterAll(async () => {
  await quickStart?.stop()
})

async function signIn(page: Page, origin: string, password = OWNER.password) {
  await page.goto(`${origin}/admin/login`)
  await page.getByLabel(/email/i).fill(OWNER.email)
  await page.getByLabel(/password/i).first().fill(password)
  await page.getByRole('button', { name: /login/i }).click()
}

/** Opens the first FAQ in the admin at `origin`, changes its question and saves. */
async function editFirstFaq(page: Page, origin: string, question: string) {
  const { docs } = (await (await fetch(`${quickStart.baseURL}/api/faqs?sort=_order&limit=1`)).json()) as { docs: { id: number }[] }
  await page.goto(`${origin}/admin/collections/faqs/${docs[0].id}`)
  await expect(page.locator('form[data-form-ready="true"]')).toBeAttached()
  await page.getByRole('textbox', { name: 'Question *' }).fill(question)
  await page.getByRole('button', { name: 'Save' }).click()
  return docs[0].id
}

const storedQuestion = async (id: number) => ((await (await fetch(`${quickStart.baseURL}/api/faqs/${id}`)).json()) as { question: string }).question

test('without SITE_URL, the admin signed in at 127.0.0.1 saves an FAQ', async ({ page }) => {
  const origin = `http://127.0.0.1:${port()}`
  await signIn(page, origin)
  await expect(page).toHaveURL(`${origin}/admin`)
  const question = `Saved from 127.0.0.1 ${Date.now()}?`
  const id = await editFirstFaq(page, origin, question)
  await expect(page.getByText('Updated successfully.')).toBeVisible()
  expect(await storedQuestion(id)).toBe(question)
})

test('without SITE_URL, the admin opened under another name of the machine says where to open it, and so does a save from there', async ({ page, playwright }) => {
  const notice = `Open the admin at http://localhost:${port()}/admin: changes are only saved from there.`
  await page.goto(`http://${OTHER_NAME}:${port()}/admin/login`)
  await expect(page.getByText(notice)).toBeVisible()
  await page.goto(`http://127.0.0.1:${port()}/admin/login`)
  await expect(page.getByRole('button', { name: /login/i })).toBeVisible()
  await expect(page.getByText(notice)).toHaveCount(0)

  // Signed in at 127.0.0.1, the session cookie sent with a save from a page at the other name:
  // the answer the admin's edit form shows.
  const browserLike = await playwright.request.newContext({ baseURL: quickStart.baseURL })
  expect((await browserLike.post('/api/users/login', { data: OWNER })).status()).toBe(200)
  const { docs } = (await (await browserLike.get('/api/faqs?sort=_order&limit=1')).json()) as { docs: { id: number; question: string }[] }
  const answer = await browserLike.patch(`/api/faqs/${docs[0].id}`, { data: { question: 'Saved from another name?' }, headers: { Origin: `http://${OTHER_NAME}:${port()}` } })
  expect(answer.status()).toBe(403)
  expect(await answer.json()).toEqual({ message: notice, errors: [{ message: notice }] })
  expect(await storedQuestion(docs[0].id)).toBe(docs[0].question)
  await browserLike.dispose()
})

test('a locked-out sign-in says so, and for how long', async ({ page }) => {
  const origin = `http://127.0.0.1:${port()}`
  for (let attempt = 0; attempt < 5; attempt++) {
    await signIn(page, origin, `wrong-password-${attempt}`)
    await expect(page.getByText('The email or password provided is incorrect.')).toBeVisible()
  }
  await signIn(page, origin, OWNER.password)
  await expect(page.getByText('Too many attempts: try again in a minute, or reset your password')).toBeVisible()
  await expect(page).toHaveURL(`${origin}/admin/login`)
})

test('with SITE_URL set to the address the server listens on, the admin under another name says where to open it', async ({ page, baseURL }) => {
  // Next would make a redirect to its own address relative (a loop), so this case is told, not sent.
  const { port: sitePort } = new URL(baseURL)
  await page.goto(`http://${OTHER_NAME}:${sitePort}/admin/login`)
  await expect(page.getByText(`Open the admin at ${baseURL}/admin: changes are only saved from there.`)).toBeVisible()
  await page.goto(`${baseURL}/admin/login`)
  await expect(page.getByRole('button', { name: /login/i })).toBeVisible()
  await expect(page.getByText(/Open the admin at/)).toHaveCount(0)
})
