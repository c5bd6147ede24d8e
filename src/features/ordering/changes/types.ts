import type { Message } from '@/shared/notices'

import type { DeliveryMethod, PackageQuantity, PriceList } from '../pricing'
import type { WindowChoice } from '../windows'
import { flavorField, MAX_JARS } from '../formFields'

/**
 * A customer's own change of their order, from its private page (`/order/status/<token>`), as the
 * page and the service (`./service.ts`) speak of it.
 */

export const CHANGE_KINDS = ['time', 'jars', 'cancel'] as const
/** `time`: another time, or pickup ↔ delivery (with the address); `jars`: the flavors or the package; `cancel`. */
export type ChangeKind = (typeof CHANGE_KINDS)[number]

/** Who made a change: the customer on their order's page, or the seller. */
export const CHANGE_BY = ['customer', 'seller'] as const

/**
 * What the order's history records: the customer's changes, and the seller's edits in the admin
 * (its status, its payment, or its details: time, jars, address).
 */
export const HISTORY_KINDS = [...CHANGE_KINDS, 'status', 'payment', 'details'] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

/** A change as the form posts it, read by `parseChangeForm`. */
export type ChangeRequest =
  | { kind: 'time'; method: DeliveryMethod; window?: string; address?: string; city?: string; zip?: string }
  | { kind: 'jars'; quantity: PackageQuantity; flavors: string[] }
  | { kind: 'cancel' }

/** A flavor the customer may choose: `left` counts this order's own jars of it as left (null: no limit). */
export type FlavorChoice = { value: string; name: string; left: number | null }

/** What the order's page offers. */
export type ChangeChoices =
  /** The seller has not turned changes on (Shop → Pickup & delivery): the page shows nothing new. */
  | { open: false; reason: 'off' }
  /** After the cutoff or once Ready: "Too late to change online: text us at …"; `closed` (cancelled, completed, held by a recall): nothing to change or say. */
  | { open: false; reason: 'too-late' | 'closed'; phone: string }
  | {
      open: true
      /** Posted back with each change: a change to an order that moved since is refused. */
      version: string
      /** The prices the packages are shown at (the ones the change is priced by). */
      priceList: PriceList
      /** The same, as the page posts them back (`priceListKey`): a change since is noticed. */
      prices: string
      /** Until when (ISO); null: until the seller confirms the order (no time booked). */
      until: string | null
      method: DeliveryMethod
      /** Per method, the times open now (this order's own excluded); null: arranged by text (no times for it). */
      times: Record<DeliveryMethod, WindowChoice[] | null>
      quantity: number
      /** The order's jars, one flavor key each. */
      jars: string[]
      flavors: FlavorChoice[]
      /** Packages the batch has jars for (the order's own counted as left). */
      packages: PackageQuantity[]
    }

/**
 * What is owed after a change. `pay`: unpaid, the new total; `extra`: paid, the difference still to
 * pay; `refund`: paid more than the new total, the seller refunds this; `none`: nothing either way.
 */
export type Settlement = { kind: 'pay' | 'extra' | 'refund'; amount: number } | { kind: 'none' }

/** A change checked (nothing stored): what the confirmation step shows. */
export type ChangePreview =
  | {
      ok: true
      request: ChangeRequest
      /** One line per thing that changes: "Time: Sat, Dec 5 · … → Sun, Dec 6 · …". */
      lines: string[]
      total: { before: number; after: number }
      money: Settlement
    }
  | ChangeRefusal

/**
 * Why nothing changed, in the order form's words where it has them. `moved`: the order changed since
 * the page was loaded (another tab, or the seller): the page shows it as it is now.
 */
export type ChangeRefusal = { ok: false; message: Message; field?: string; moved?: boolean; tooLate?: boolean }

export type ChangeOutcome = { ok: true; kind: ChangeKind; lines: string[]; total: number; money: Settlement } | ChangeRefusal

/** The fields a change form posts (anything else is ignored): the order form's names where they are the same. */
export const CHANGE_FORM_FIELDS = [
  'kind',
  'method',
  'window',
  'address',
  'city',
  'zip',
  'quantity',
  ...Array.from({ length: MAX_JARS }, (_, index) => flavorField(index + 1)),
  // `ChangeChoices.version` and `.prices`, as the page was shown.
  'version',
  'prices',
] as const
