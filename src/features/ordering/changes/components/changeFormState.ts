import type { Message } from '@/shared/notices'

import { dollars } from '../../wording'
import type { DeliveryMethod } from '../../pricing'
import type { ChangeChoices, ChangeKind, Settlement } from '../types'

/**
 * What the change forms' action (`../actions.ts#changeOrder`) answers; the order's page renders it
 * with or without JavaScript. Three steps: choosing (the three forms; `error`: with why a change
 * was refused), `review` (what would change, nothing stored yet), `success` (what changed).
 */
export type ChangeFormState =
  | {
      /** `error`: refused, with why. */
      status: 'idle' | 'error'
      /** The form the answer is about, and what it posted (kept, so nothing chosen is lost). */
      kind?: ChangeKind
      values?: Record<string, string>
      message?: Message
      field?: string
    }
  | {
      status: 'review'
      kind: ChangeKind
      /** Posted again, as they are, with the confirmation. */
      values: Record<string, string>
      lines: string[]
      total: { before: number; after: number }
      money: Settlement
    }
  | { status: 'success'; kind: ChangeKind; lines: string[]; total: number; money: Settlement }

/** What the order's page offers once the seller has turned changes on: the forms, or why it is too late. */
export type OfferedChoices = Exclude<ChangeChoices, { open: false; reason: 'off' }>

/** Off (a fresh site): the page is exactly as without the feature. */
export const changesOffered = (choices: ChangeChoices): choices is OfferedChoices => choices.open || choices.reason !== 'off'

export const initialChangeState: ChangeFormState = { status: 'idle' }

/** The button that sends a change on (`confirm`) or back to its form (`back`); the first post has none. */
export const CHANGE_STEP_FIELD = 'step'

/** Each method's time is its own select (both are in the page without a script): the action posts the chosen method's as `window`. */
export const TIME_FIELDS: Record<DeliveryMethod, string> = { pickup: 'pickupWindow', delivery: 'deliveryWindow' }

/** Where the change part is on the page: a post without JavaScript comes back there. */
export const CHANGE_ANSWER_ID = 'change-order'

/** The change part's own words (the refusals and what is owed are the service's, `../notices.ts`). */
export const changeWording = {
  heading: 'Change your order',
  until: (until: string | null) => (until ? `You can change or cancel it here until ${until}.` : 'You can change or cancel it here until we confirm it.'),
  confirmHeading: { time: 'Change the time?', jars: 'Change the jars?', cancel: 'Cancel this order?' } satisfies Record<ChangeKind, string>,
  confirmButton: { time: 'Yes, change the time', jars: 'Yes, change the jars', cancel: 'Yes, cancel my order' } satisfies Record<ChangeKind, string>,
  done: { time: 'Your time was changed', jars: 'Your jars were changed', cancel: 'Your order was cancelled' } satisfies Record<ChangeKind, string>,
  total: (before: number, after: number) => (before === after ? `Total: ${dollars(after)} (unchanged)` : `New total: ${dollars(after)} (was ${dollars(before)})`),
}
