import type { DateField } from 'payload'

import { BUSINESS_TIME_ZONE } from '@/shared/time'

/**
 * A date field's `timezone` option for a time the seller types (a batch's opening, an order's
 * payment): Payload's picker otherwise reads and takes times on the browser's clock, so a seller
 * whose laptop is set elsewhere would open a batch at the wrong hour. With Detroit the one zone
 * offered, the picker shows and takes Detroit's wall clock in any browser, the zone written beside
 * it, and Payload stores it in the `<name>_tz` column next to the UTC instant.
 */
export const businessTimeZone: DateField['timezone'] = {
  defaultTimezone: BUSINESS_TIME_ZONE,
  supportedTimezones: [{ label: 'Detroit (Eastern Time)', value: BUSINESS_TIME_ZONE }],
  // Payload adds the `_tz` select after checking the fields, so it has no check of its options
  // (3.90): without this the API would store any zone, and the admin would show the time in it.
  override: ({ baseField }) => ({
    ...baseField,
    validate: (value: unknown) => (value == null || value === BUSINESS_TIME_ZONE ? true : `Times are in Detroit's time zone (${BUSINESS_TIME_ZONE}).`),
  }),
}
