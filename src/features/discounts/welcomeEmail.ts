import 'server-only'

import { escapeHtml } from '@/shared/escapeHtml'
import { DISCOUNT_PERCENT } from '@/features/ordering/pricing'
import { siteUrl } from '@/platform/config/siteUrl'

/** The subscriber's welcome e-mail: the code and how to use it. */
export function welcomeEmail(input: { name: string; email: string; code: string; businessName: string; again?: boolean }) {
  const orderUrl = `${siteUrl()}/order`
  // A repeat sign-up: the address is already on the list, and its code is sent to it again.
  const intro = input.again
    ? `You are already on the ${input.businessName} e-mail list. Here is your first-order discount code again:`
    : `Thank you for joining the ${input.businessName} e-mail list! Here is your first-order discount code:`
  const lines = [
    `Hi ${input.name},`,
    '',
    intro,
    '',
    `    ${input.code}`,
    '',
    `It takes ${DISCOUNT_PERCENT}% off the package price of your first order (the delivery fee is not discounted).`,
    `Order online at ${orderUrl}: on this device the code is filled in for you; anywhere else, enter it in the discount code field and press Apply.`,
    'The code can be used once.',
    '',
    `See you soon,`,
    input.businessName,
  ]
  const html = `<p>Hi ${escapeHtml(input.name)},</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:2px;color:#5e2b86">${escapeHtml(input.code)}</p>
<p>It takes ${DISCOUNT_PERCENT}% off the package price of your first order (the delivery fee is not discounted).
<a href="${escapeHtml(orderUrl)}">Order online</a>: on this device the code is filled in for you; anywhere else, enter it in the discount code field and press Apply. The code can be used once.</p>
<p>See you soon,<br>${escapeHtml(input.businessName)}</p>`
  return {
    to: input.email,
    subject: `Your ${DISCOUNT_PERCENT}% off code: ${input.code}`,
    text: lines.join('\n'),
    html,
  }
}
