// What the jar label e2e tests give the flavors and Site settings so that labels print, and how a
// fresh site has them (put back afterwards, so the other files see the seeded site).
import type { APIRequestContext } from '@playwright/test'

import { adminApi } from './fixtures'

/** Per serving, as a nutrition analysis of a fruit sea moss gel might give them. */
export const NUTRITION = {
  servingSize: '2 Tbsp (30g)',
  servingsPerContainer: 'about 8',
  calories: 15,
  totalFat: 0,
  saturatedFat: 0,
  transFat: 0,
  cholesterol: 0,
  sodium: 25,
  totalCarbohydrate: 4,
  dietaryFiber: 1,
  totalSugars: 2,
  addedSugars: 0,
  protein: 0,
  vitaminD: 0,
  calcium: 20,
  iron: 0.4,
  potassium: 60,
}

const EMPTY_NUTRITION = Object.fromEntries(Object.keys(NUTRITION).map((key) => [key, null]))

/** A flavor's Label tab as a fresh site has it: nothing filled in. */
export const EMPTY_LABEL = { ingredients: [], allergenStatement: null, allergens: [], fishSpecies: null, shellfishSpecies: null, treeNutKinds: null, nutritionExempt: false, nutrition: EMPTY_NUTRITION }

export type LabelFacts = Partial<typeof EMPTY_LABEL> | Record<string, unknown>

/** The ingredients as the Label tab stores them: one row each, "Made of" in parentheses. */
export const ingredientRows = (...names: (string | [string, string])[]) =>
  names.map((name) => (Array.isArray(name) ? { name: name[0], subIngredients: name[1] } : { name, subIngredients: null }))

/** Sets each listed flavor's label facts; every other flavor gets the fresh site's (none). */
export async function setLabelFacts(request: APIRequestContext, byFlavor: Record<string, LabelFacts>) {
  const { docs } = (await adminApi(request, 'GET', '/api/flavors?depth=0&limit=0')) as { docs: { id: number; value: string }[] }
  for (const flavor of docs) await adminApi(request, 'PATCH', `/api/flavors/${flavor.id}`, { ...EMPTY_LABEL, ...byFlavor[flavor.value] })
}

/** The maker's address on the labels; `null` puts back the seeded site's (a city and state, no street). */
export async function setMakerAddress(request: APIRequestContext, address: { labelStreet: string; labelPlace: string } | null) {
  await adminApi(request, 'POST', '/api/globals/site-settings', address ?? { labelStreet: null, labelPlace: 'Detroit, MI' })
}

export const MAKER = { labelStreet: '1234 Woodward Ave', labelPlace: 'Detroit, MI 48201' }
