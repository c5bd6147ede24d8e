/** A point on the map, in degrees (WGS 84, as the Census Bureau publishes its ZIP code areas' centres). */
export type Position = { lat: number; lon: number }

/** The Earth's mean radius in miles (6,371 km): the great-circle distance's scale. */
export const EARTH_RADIUS_MILES = 3958.8

/** What a ZIP code looks like, with or without its four extra digits ("48207", "48207-1234"). */
const US_ZIP = /^(\d{5})(?:-\d{4})?$/

/**
 * The five digits a ZIP code is looked up by, or null for anything that is not one. Spaces around
 * it are dropped: an address the seller typed in the admin may carry them.
 */
export function fiveDigitZip(zip: string | null | undefined): string | null {
  if (typeof zip !== 'string') return null
  return US_ZIP.exec(zip.trim())?.[1] ?? null
}

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Straight-line (great-circle, haversine) distance in miles: roads are longer, by the run's road factor. */
export function milesBetween(from: Position, to: Position): number {
  const dLat = radians(to.lat - from.lat)
  const dLon = radians(to.lon - from.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}
