/**
 * The seller's words for every message a customer gets (Content → E-mail templates): for each kind
 * an on/off switch, a subject and a body with placeholders. The defaults below are the seeded
 * wording and stand in for anything the seller left empty.
 */

export const MESSAGE_KINDS = ['received', 'confirmed', 'ready', 'completed', 'cancelled', 'reminder', 'paymentReminder', 'missedPickup', 'refill', 'welcome', 'recall'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/**
 * Order messages follow the order's status; the others are marketing and honour unsubscribes. A
 * recall notice is neither: the law's notice, sent to every affected customer (unsubscribed too),
 * never switched off.
 */
export const MARKETING_KINDS: readonly MessageKind[] = ['refill', 'welcome']

export const MESSAGE_LABELS: Record<MessageKind, { label: string; when: string }> = {
  received: { label: 'Order received', when: 'Sent when an order is placed.' },
  confirmed: { label: 'Confirmed', when: 'Sent when you move an order to Confirmed.' },
  ready: { label: 'Ready', when: 'Sent when you move an order to Ready: ready for pickup, or out for delivery.' },
  completed: { label: 'Completed', when: 'Sent when you move an order to Completed; it asks for a review.' },
  cancelled: { label: 'Cancelled', when: 'Sent when you cancel an order.' },
  reminder: { label: 'Day-before reminder', when: 'Sent the day before a booked pickup or delivery time, once (and again for the new day if the order moves to another day).' },
  paymentReminder: {
    label: 'Payment reminder',
    when: 'Sent once to an order not paid yet, at the moment you choose under Shop → Pickup & delivery → Payment reminders (off until you turn it on there). Never to a paid or cancelled order, nor to one you ticked "No payment reminder" on.',
  },
  missedPickup: {
    label: 'Missed pickup',
    when: 'Sent once when a pickup was not collected by the end of its time, if you record pickups under Shop → Pickup & delivery → Delivery day (off until you turn it on there). Never for a collected or cancelled order.',
  },
  refill: { label: 'Refill reminder', when: 'Sent once, some days after a completed order, to customers who asked for it.' },
  welcome: { label: 'Welcome (e-mail list)', when: 'Sent when someone joins the e-mail list, with their discount code.' },
  recall: {
    label: 'Recall notice',
    when: 'Sent to every customer of a recall when you press "E-mail these customers" in Admin → Recall, also to those who unsubscribed: it is the food-safety notice, not marketing. A link to confirm they read it is added below.',
  },
}

/** What a placeholder stands for; `{name}` in a subject or body is replaced by the customer's name. */
export const PLACEHOLDERS = {
  name: "The customer's name as they gave it",
  business: 'Your business name',
  product: 'Your product name',
  method: 'pickup or delivery',
  reference: 'The order number, e.g. SM-1042',
  total: 'The order total, e.g. $50',
  jars: 'The jars, e.g. 3 jars',
  window: 'The pickup or delivery time, or that you will text to arrange it',
  place: 'Where: the pickup place or the delivery address',
  payment: 'How to pay: each method with its details',
  phone: 'Your phone number',
  statusLink: "The customer's private order page",
  reviewLink: 'The review form, with their name filled in (completed orders)',
  orderAgainLink: 'The order form with the same package and flavors (refill reminder)',
  code: 'The discount code (welcome e-mail)',
  recalled: 'What is recalled: the batch code(s), and the flavor (recall notice)',
  references: "The customer's order numbers that had those jars (recall notice)",
  reason: 'Why it is recalled, as you type it when you start the recall (recall notice)',
  contact: 'How to reach you: your phone and e-mail (recall notice)',
} as const
export type Placeholder = keyof typeof PLACEHOLDERS

export type MessageTemplate = { enabled: boolean; subject: string; body: string }

export const DEFAULT_TEMPLATES: Record<MessageKind, MessageTemplate & { refillAfterDays?: number }> = {
  received: {
    enabled: true,
    subject: 'Your {product} order: {jars}, {total}',
    body: 'Hi {name},\n\nThank you for your order! We will text or e-mail you to confirm your order and {method}.',
  },
  confirmed: {
    enabled: true,
    subject: 'Order {reference} is confirmed',
    body: 'Hi {name},\n\nGood news: your order {reference} is confirmed.\n\nWhen: {window}\nWhere: {place}\n\nPlease pay {total} (put {reference} in the note):\n{payment}\n\nYour order page: {statusLink}',
  },
  ready: {
    enabled: true,
    subject: 'Order {reference} is ready',
    body: 'Hi {name},\n\nYour jars are ready!\n\nWhen: {window}\nWhere: {place}\n\nStill to pay: see {statusLink}\n\nSee you soon!',
  },
  completed: {
    enabled: true,
    subject: 'Thank you for your order, {name}',
    body: 'Hi {name},\n\nThank you for choosing {business}! Keep your gel in the fridge; it stays fresh for about two weeks.\n\nHow do you like it? A short review helps us a lot: {reviewLink}',
  },
  cancelled: {
    enabled: true,
    subject: 'Order {reference} was cancelled',
    body: "Hi {name},\n\nYour order {reference} has been cancelled. If that's unexpected, or you would like to order again, text or call us at {phone} or just reply to this e-mail.",
  },
  reminder: {
    enabled: true,
    subject: 'See you tomorrow: order {reference}',
    body: 'Hi {name},\n\nA reminder that your order {reference} is booked for {window}.\nWhere: {place}\n\nTotal: {total}. Your order page: {statusLink}',
  },
  paymentReminder: {
    enabled: true,
    subject: 'Order {reference}: {total} still to pay',
    body: 'Hi {name},\n\nA friendly reminder that your order {reference} is not paid yet.\n\nPlease pay {total} and put {reference} in the note:\n{payment}\n\nAlready paid? Thank you, and please ignore this e-mail.',
  },
  missedPickup: {
    enabled: true,
    subject: 'We missed you: order {reference}',
    body: 'Hi {name},\n\nWe missed you at {place} ({window}) for your order {reference}. Your jars are waiting in our fridge: text or call us at {phone} and we will find another time.\n\nYour order page: {statusLink}',
  },
  refill: {
    enabled: true,
    subject: 'Time for a fresh jar, {name}?',
    body: 'Hi {name},\n\nYour sea moss gel from {business} is about two weeks old now, the time it stays at its best. Order the same again in a tap: {orderAgainLink}',
    refillAfterDays: 12,
  },
  welcome: {
    enabled: true,
    subject: 'Your 25% off code: {code}',
    body: 'Hi {name},\n\nThank you for joining the {business} e-mail list! Here is your first-order discount code:\n\n    {code}',
  },
  recall: {
    enabled: true,
    subject: 'Recall notice from {business}: {recalled}',
    body:
      'Hi {name},\n\nThis is a food-safety recall notice. {business} is recalling the {product} of {recalled}, and your order {references} had jars of it.\n\nWhy: {reason}\n\nPlease do not eat it. Throw the jars away, or keep them in the fridge for us to collect; we will refund or replace them, whichever you prefer.\n\nQuestions, or to tell us someone felt unwell: {contact}.\n\nWe are sorry for the trouble.',
  },
}

/** `{words}` in a text that are no placeholder (a typo): the preview points them out to the seller. */
export function unknownPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).filter((key) => !(key in PLACEHOLDERS)))]
}

/** Fills `{placeholder}`s; an unknown or missing one is left out rather than shown in braces. */
export function fillTemplate(text: string, values: Partial<Record<Placeholder, string>>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => (key in PLACEHOLDERS ? (values[key as Placeholder] ?? '') : ''))
}

type StoredTemplates = Partial<Record<MessageKind, { enabled?: boolean | null; subject?: string | null; body?: string | null; refillAfterDays?: number | null } | null>>

/** The seller's templates, with the defaults wherever a field is empty (e.g. on a site upgraded from before). */
export function templatesFrom(stored: StoredTemplates): Record<MessageKind, MessageTemplate> & { refillAfterDays: number } {
  const templates = Object.fromEntries(
    MESSAGE_KINDS.map((kind) => {
      const saved = stored[kind]
      const fallback = DEFAULT_TEMPLATES[kind]
      return [kind, { enabled: saved?.enabled ?? fallback.enabled, subject: saved?.subject?.trim() || fallback.subject, body: saved?.body?.trim() || fallback.body }]
    }),
  ) as Record<MessageKind, MessageTemplate>
  return { ...templates, refillAfterDays: stored.refill?.refillAfterDays ?? DEFAULT_TEMPLATES.refill.refillAfterDays! }
}
