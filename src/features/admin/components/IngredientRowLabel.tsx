'use client'

import { useRowLabel } from '@payloadcms/ui'

type IngredientRow = { name?: string; subIngredients?: string }

/** Each ingredient's row is titled with its place and name, so the order by weight reads down the list. */
export function IngredientRowLabel() {
  const { data, rowNumber } = useRowLabel<IngredientRow>()
  const place = String((rowNumber ?? 0) + 1)
  const name = data?.name?.trim()
  if (!name) return <span>{`${place}. New ingredient`}</span>
  const madeOf = data?.subIngredients?.trim()
  return <span>{madeOf ? `${place}. ${name} (${madeOf})` : `${place}. ${name}`}</span>
}
