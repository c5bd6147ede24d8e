import 'server-only'

import { siteUrl } from '@/platform/config/siteUrl'
import type { OutgoingEmail } from '@/platform/email/outbox'
import { escapeHtml } from '@/shared/escapeHtml'

/** A customer e-mail from its paragraphs: the plain text, and the same as simple, safe HTML. */

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/

/**
 * Only the site's own addresses (and the seller's payment links, given as `links`) become links:
 * a customer can order in anyone's name, so a URL typed as a name, an address or a note must reach
 * the reader as text, not as a link in the shop's own e-mail.
 */
function isOwnLink(url: string, links: readonly string[]): boolean {
  if (links.includes(url)) return true
  try {
    return new URL(url).origin === new URL(siteUrl()).origin
  } catch {
    return false
  }
}

/** Plain text as simple HTML: paragraphs, line breaks and the site's own links, everything escaped. */
function textToHtml(paragraphs: string[], links: readonly string[]): string {
  const body = paragraphs
    .map((paragraph) => {
      // Split around the URLs (odd parts): each part is escaped, only own links are wrapped.
      const html = paragraph
        .split(URL_PATTERN)
        .map((part, index) => (index % 2 === 1 && isOwnLink(part, links) ? `<a href="${escapeHtml(part)}" style="color:#5e2b86">${escapeHtml(part)}</a>` : escapeHtml(part)))
        .join('')
      return `<p style="margin:0 0 14px;white-space:pre-line;overflow-wrap:anywhere">${html}</p>`
    })
    .join('\n')
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#2f1544;line-height:1.5;max-width:600px">${body}</body></html>`
}

export function composeEmail(parts: {
  to: string
  subject: string
  paragraphs: string[]
  replyTo?: string
  listUnsubscribe?: string
  /** Addresses off the site that may be links (the seller's payment links). */
  links?: readonly string[]
}): OutgoingEmail {
  const paragraphs = parts.listUnsubscribe ? [...parts.paragraphs, `Don't want these e-mails? Unsubscribe: ${parts.listUnsubscribe}`] : parts.paragraphs
  return {
    to: parts.to,
    subject: parts.subject,
    text: paragraphs.join('\n\n'),
    html: textToHtml(paragraphs, parts.links ?? []),
    replyTo: parts.replyTo,
    listUnsubscribe: parts.listUnsubscribe,
  }
}
