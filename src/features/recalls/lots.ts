/** How a supplier's lot reads in the batch's picker and on the recall screen. */

type LotFields = { ingredient?: string | null; supplier?: string | null; lot?: string | null }

/** 'Sea moss — Ocean Harvest lot 2291' ('Sea moss — Ocean Harvest' without a number). */
export function lotTitle({ ingredient, supplier, lot }: LotFields): string {
  const from = [supplier?.trim(), lot?.trim() ? `lot ${lot.trim()}` : ''].filter(Boolean).join(' ')
  return [ingredient?.trim(), from].filter(Boolean).join(' — ')
}
