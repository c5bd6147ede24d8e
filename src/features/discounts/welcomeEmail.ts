import 'server-only'

import { composeEmail } from '@/features/messages/composeEmail'
import { DEFAULT_TEMPLATES, fillTemplate, type MessageTemplate } from '@/features/messages/templates'
import { DISCOUNT_PERCENT } from '@/features/discounts/rules'
import { siteUrl } from '@/platform/config/siteUrl'

/**
 * The subscriber's welcome e-mail: the seller's words (E-mail templates → Welcome) with the code,
 * how to use it, and the one-click unsubscribe link of a list e-mail. A repeat sign-up gets its
 * code again in words of ours.
 */
export function welcomeEmail(input: {
  name: string
  email: string
  code: string
  businessName: string
  unsubscribeUrl: string
  again?: boolean
  template?: MessageTemplate
}) {
  const template = input.template ?? DEFAULT_TEMPLATES.welcome
  const values = { name: input.name, code: input.code, business: input.businessName }
  const opening = input.again
    ? `Hi ${input.name},\n\nYou are already on the ${input.businessName} e-mail list. Here is your first-order discount code again:\n\n    ${input.code}`
    : fillTemplate(template.body, values)
  return composeEmail({
    to: input.email,
    subject: input.again ? `Your ${DISCOUNT_PERCENT}% off code: ${input.code}` : fillTemplate(template.subject, values),
    paragraphs: [
      opening,
      `It takes ${DISCOUNT_PERCENT}% off the package price of your first order (the delivery fee is not discounted).`,
      `Order online at ${siteUrl()}/order: on this device the code is filled in for you; anywhere else, enter it in the discount code field and press Apply.\nThe code can be used once.`,
      `See you soon,\n${input.businessName}`,
    ],
    listUnsubscribe: input.unsubscribeUrl,
  })
}
