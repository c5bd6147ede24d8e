import type { Message } from '@/shared/notices'

import { dollars } from '../wording'
import type { Settlement } from './types'

/**
 * What a customer reads about changing their order, in our words (the spec has none): the refusals
 * the order form does not have already (those are `orderNotices`', used as they are).
 */
export const changeNotices = {
  tooLate: (phone: string): Message => ({ title: 'Too Late to Change Online', description: `Too late to change online: text us at ${phone}.` }),
  off: (phone: string): Message => ({ title: 'Changes by Text Only', description: `We are not taking changes to orders online right now: text us at ${phone} and we will change yours.` }),
  moved: {
    title: 'Your Order Changed',
    description: 'Your order changed since you opened this page (in another tab, or by us). Here it is as it is now: check it and make your change again.',
  },
  pricesChanged: { title: 'Prices Updated', description: 'Our prices changed since you opened this page. Here is your order with them: check it and make your change again.' },
  nothingChanged: { title: 'Nothing to Change', description: 'That is your order as it is already.' },
  unknownChange: { title: 'Choose a Change', description: 'Please choose what to change: the time, the jars, or cancel.' },
  failed: { title: 'Change Not Saved', description: 'Your order could not be changed just now. Please try again, or text us.' },
} as const satisfies Record<string, Message | ((...args: never[]) => Message)>

/** What is owed after a change, as the customer reads it on the page and in the e-mail. */
export function settlementText(money: Settlement, reference: string): string {
  switch (money.kind) {
    case 'pay':
      return `Your total is now ${dollars(money.amount)}. Pay it once we have confirmed your order (put ${reference} in the note).`
    case 'extra':
      return `You have paid part of it: please pay the ${dollars(money.amount)} difference (put ${reference} in the note).`
    case 'refund':
      return `You paid ${dollars(money.amount)} more than your order costs now: we will refund it to you.`
    case 'none':
      return 'Nothing more to pay.'
  }
}

/** The same for the seller: what to collect or refund. */
export function settlementForSeller(money: Settlement): string {
  switch (money.kind) {
    case 'pay':
      return `Not paid yet: ${dollars(money.amount)} to collect.`
    case 'extra':
      return `Paid before the change: ${dollars(money.amount)} more to collect (on the order as "Still to pay").`
    case 'refund':
      return `Paid before the change: refund ${dollars(money.amount)} (on the order as "To refund").`
    case 'none':
      return 'Nothing to collect or refund.'
  }
}
