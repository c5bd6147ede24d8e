import type { Message } from '@/shared/notices'

import type { DeliveryMethod } from './pricing'
import { REFILL_INTERVALS_WEEKS } from './refillTerms'
import { dollars, jarsText } from './wording'

/** What a visitor reads about their order: the spec's wording, verbatim where it has one. */
export const orderNotices = {
  missingField: (fieldInWords: string): Message => ({ title: 'Missing Information', description: `Please fill in your ${fieldInWords}.` }),
  deliveryMethodRequired: { title: 'Delivery Method Required', description: 'Please select pickup or delivery.' },
  consentRequired: { title: 'Consent Required', description: 'Please agree to be contacted about your order.' },
  /** Ours: the spec only says a flavor is required for each jar. */
  flavorRequired: (jar: number, jars: number): Message => ({
    title: 'Flavor Required',
    description: jars === 1 ? 'Please choose a flavor.' : `Please choose a flavor for jar ${jar}.`,
  }),
  /** Ours: the open batch has fewer jars of a flavor than the order chose. */
  notEnoughOfFlavor: (name: string, left: number): Message => ({
    title: 'Not Enough Jars Left',
    description: `Only ${jarsText(left)} of ${name} ${left === 1 ? 'is' : 'are'} left in this batch. Please choose another flavor for the other jars.`,
  }),
  /** Ours: a flavor the seller marked sold out after the page was loaded. */
  flavorSoldOut: (name: string): Message => ({ title: 'Sold Out', description: `Sorry, ${name} just sold out. Please choose another flavor.` }),
  /** Ours: the seller changed the prices after the page was loaded; nothing was stored. */
  pricesChanged: (total: number): Message => ({
    title: 'Prices Updated',
    description: `Our prices changed while you were ordering. Your new total is ${dollars(total)}. Please check your order and place it again.`,
  }),
  /** Ours: this batch has fewer jars left than the package. */
  notEnoughJars: (left: number): Message => ({
    title: 'Not Enough Jars Left',
    description: `Only ${jarsText(left)} ${left === 1 ? 'is' : 'are'} left in this batch. Please choose a smaller package.`,
  }),
  /** Ours: a delivery to a ZIP code outside the seller's areas; pickup is always possible. */
  outsideDeliveryArea: (zip: string): Message => ({
    title: 'Outside Our Delivery Area',
    description: `Sorry, we don't deliver to ${zip}. Please choose pickup instead, or contact us and we will see what we can do.`,
  }),
  /** Ours: the seller offers windows for this method and none was chosen. */
  windowRequired: (method: DeliveryMethod): Message => ({ title: 'Time Required', description: `Please choose a ${method} time.` }),
  /** Ours: the chosen window filled up while the visitor was ordering. */
  windowFull: (label: string): Message => ({ title: 'Time Full', description: `Sorry, ${label} just filled up. Please choose another time.` }),
  /** Ours: the chosen window can no longer be booked (too soon, a day off, or the seller changed the times). */
  windowClosed: { title: 'Time Not Available', description: 'That time can no longer be booked. Please choose another one.' },
  /** Ours: nothing left in this batch. */
  soldOut: { title: 'Sold Out', description: 'This batch is sold out, so we cannot take orders right now.' },
  /** Ours: only a tampered form can send another quantity than 1, 3 or 6. */
  packageRequired: { title: 'Package Required', description: 'Please choose 1, 3 or 6 jars.' },
  submitted: { title: 'Order Submitted!', description: "Thank you! We'll text/email you to confirm your order & delivery." },
  failed: {
    title: 'Submission Error',
    description: 'There was an issue submitting your order. Please try again or contact us directly.',
  },
} as const

/** What a customer reads when an order cannot become a refill plan. */
export const refillNotices = {
  interval: { title: 'Choose How Often', description: `A refill plan comes every ${REFILL_INTERVALS_WEEKS.join(', ').replace(/, (?=[^,]*$)/, ' or ')} weeks.` },
  needsWindow: {
    title: 'Time Required',
    description: 'A refill plan needs a weekly pickup or delivery time, and this order’s time is arranged by text. Choose one of the times on the order form to make it a plan.',
  },
  timeGone: { title: 'Time Not Offered', description: 'This order’s pickup or delivery time is no longer offered every week, so it cannot become a refill plan. Text us to set one up.' },
  needsEmail: { title: 'E-mail Required', description: 'A refill plan needs an e-mail address: each refill and the plan’s private link are sent there.' },
  cancelled: { title: 'Order Cancelled', description: 'A cancelled order cannot become a refill plan.' },
  alreadyAPlan: { title: 'Already a Plan', description: 'This order is already a refill plan: its private link is in your e-mail.' },
} as const satisfies Record<string, Message>
