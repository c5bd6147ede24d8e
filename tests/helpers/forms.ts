/**
 * Posting the site's forms the way a browser without JavaScript does: load the page, take the
 * form's hidden inputs (React renders the server action's reference there), add the fields, post.
 * For tests that drive a running server (`tests/resilience`).
 */

import { validOrderForm } from './orders'

const decodeHtml = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

function hiddenInputs(html: string, fieldInForm: string): [string, string][] {
  const form = html.match(new RegExp(`<form\\b[^>]*>(?:(?!</form>)[\\s\\S])*?name="${fieldInForm}"[\\s\\S]*?</form>`))?.[0]
  if (!form) throw new Error(`no form with a "${fieldInForm}" field on the page`)
  const fields: [string, string][] = []
  for (const tag of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = tag.match(/\sname="([^"]*)"/)?.[1]
    const type = tag.match(/\stype="([^"]*)"/)?.[1]
    if (type === 'hidden' && name) fields.push([decodeHtml(name), decodeHtml(tag.match(/\svalue="([^"]*)"/)?.[1] ?? '')])
  }
  return fields
}

export type PostedForm = { status: number; html: string; ms: number }

/** Loads `path`, fills the form that has `fields`' first field, and posts it; the answer page and its time. */
export async function postForm(baseURL: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<PostedForm> {
  const page = await fetch(`${baseURL}${path}`, { headers })
  const hidden = hiddenInputs(await page.text(), Object.keys(fields)[0])
  const body = new FormData()
  for (const [name, value] of hidden) body.append(name, value)
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  const started = performance.now()
  const answer = await fetch(`${baseURL}${path}`, { method: 'POST', body, headers: { ...headers, Origin: baseURL } })
  const html = await answer.text()
  return { status: answer.status, html, ms: performance.now() - started }
}

export const orderFields = (fullName: string, email: string): Record<string, string> => ({
  ...validOrderForm,
  fullName,
  email,
  deliveryMethod: 'pickup',
  submissionKey: crypto.randomUUID(),
})

export const contactFields = (name: string, email: string): Record<string, string> => ({
  name,
  email,
  message: 'Do you deliver on Sundays?',
  submissionKey: crypto.randomUUID(),
})
