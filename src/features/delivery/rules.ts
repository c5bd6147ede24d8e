/**
 * The delivery day's settings (Shop → Pickup & delivery → Delivery day) with their defaults: how the
 * run's time is estimated from the straight-line distance between ZIP codes, and how long jars may be
 * out of the fridge before the run warns. Off on a fresh site: the daily screen is as before.
 */
export const DELIVERY_DAY_DEFAULTS = {
  /** Roads are longer than a straight line: miles driven per mile as the crow flies. */
  roadFactor: 1.3,
  /** Average speed in town, stops at lights included. */
  averageMph: 25,
  /** Parking, the walk to the door and the handover. */
  minutesPerStop: 5,
  /** Refrigerated gel out of the fridge longer than this is a food-safety problem. */
  outOfFridgeLimitMinutes: 120,
} as const

export const DELIVERY_DAY_LIMITS = {
  roadFactor: { min: 1, max: 3 },
  averageMph: { min: 5, max: 70 },
  minutesPerStop: { min: 0, max: 60 },
  outOfFridgeLimitMinutes: { min: 15, max: 24 * 60 },
} as const

export type DeliveryDaySettings = { enabled: boolean } & { -readonly [K in keyof typeof DELIVERY_DAY_DEFAULTS]: number }

type StoredDeliveryDay = Partial<Record<keyof DeliveryDaySettings, number | boolean | null>> | null | undefined

/** The seller's settings, a default wherever a field is empty or out of range (e.g. a site upgraded from before). */
export function deliveryDaySettingsFrom(stored: StoredDeliveryDay): DeliveryDaySettings {
  const number = (key: keyof typeof DELIVERY_DAY_DEFAULTS) => {
    const value = stored?.[key]
    const { min, max } = DELIVERY_DAY_LIMITS[key]
    return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : DELIVERY_DAY_DEFAULTS[key]
  }
  return {
    enabled: stored?.enabled === true,
    roadFactor: number('roadFactor'),
    averageMph: number('averageMph'),
    minutesPerStop: number('minutesPerStop'),
    outOfFridgeLimitMinutes: number('outOfFridgeLimitMinutes'),
  }
}
