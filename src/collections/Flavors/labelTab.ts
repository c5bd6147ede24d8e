import type { Field, Tab } from 'payload'

import {
  ALLERGEN_STATEMENTS,
  allergenNameProblem,
  allergenOptions,
  LABEL_FACT_LIMITS,
  MAJOR_ALLERGENS,
  NUTRIENTS,
  type AllergenNameField,
  type AllergenStatement,
  type Nutrient,
} from '@/features/admin/jarLabelRules'

/** A fish, shellfish or tree nut's name: shown when it is chosen, required then (the label names it). */
function allergenNameField(allergen: 'fish' | 'crustacean-shellfish' | 'tree-nuts', label: string): Field {
  const name = MAJOR_ALLERGENS[allergen].names as AllergenNameField
  return {
    name,
    label,
    type: 'text',
    maxLength: LABEL_FACT_LIMITS.allergenNames,
    admin: {
      condition: (_, siblingData) => siblingData?.allergenStatement === 'contains' && Array.isArray(siblingData?.allergens) && siblingData.allergens.includes(allergen),
      description: `Printed on the "Contains:" line in place of "${MAJOR_ALLERGENS[allergen].label}": the law asks for the species or the nut.`,
    },
    validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
      siblingData?.allergenStatement === 'contains' ? allergenNameProblem(siblingData.allergens as unknown[] | undefined, name, value) : true,
  }
}

const amountField = (nutrient: Nutrient): Field => ({
  name: nutrient,
  label: NUTRIENTS[nutrient].unit ? `${NUTRIENTS[nutrient].label} (${NUTRIENTS[nutrient].unit})` : NUTRIENTS[nutrient].label,
  type: 'number',
  min: 0,
  admin: { step: 0.1, width: '33%' },
})

/** Rows of three amounts, so the panel's seventeen facts fit a phone's screen and a desktop's. */
const amountRows = (): Field[] => {
  const nutrients = Object.keys(NUTRIENTS) as Nutrient[]
  const rows: Field[] = []
  for (let start = 0; start < nutrients.length; start += 3) rows.push({ type: 'row', fields: nutrients.slice(start, start + 3).map(amountField) })
  return rows
}

/**
 * A flavor's Label tab: what its jar labels need beyond the name (Admin → Jar labels prints none
 * while something is missing, and says what). The rules of a complete label are in jarLabelRules.
 */
export const labelTab: Tab = {
  label: 'Label',
  description: 'What the jar labels print for this flavor, and the order page shows (ingredients and allergens). A label is not printed until each part is filled in.',
  fields: [
    {
      name: 'ingredients',
      label: 'Ingredients',
      labels: { singular: 'Ingredient', plural: 'Ingredients' },
      type: 'array',
      maxRows: LABEL_FACT_LIMITS.ingredients,
      admin: {
        description: 'Most by weight first; drag to reorder. An ingredient made of others (e.g. a juice with citric acid) lists them in "Made of", printed in parentheses.',
        initCollapsed: false,
        components: { RowLabel: '/features/admin/components/IngredientRowLabel#IngredientRowLabel' },
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'name', label: 'Ingredient', type: 'text', required: true, maxLength: LABEL_FACT_LIMITS.ingredientName, admin: { width: '40%' } },
            { name: 'subIngredients', label: 'Made of (optional)', type: 'text', maxLength: LABEL_FACT_LIMITS.subIngredients, admin: { width: '60%', placeholder: 'e.g. peaches, citric acid' } },
          ],
        },
      ],
    },
    {
      name: 'allergenStatement',
      label: 'Major food allergens',
      type: 'radio',
      options: (Object.keys(ALLERGEN_STATEMENTS) as AllergenStatement[]).map((value) => ({ value, label: ALLERGEN_STATEMENTS[value] })),
      admin: {
        layout: 'vertical',
        description: 'The nine major allergens: milk, eggs, fish, crustacean shellfish, tree nuts, peanuts, wheat, soybeans, sesame. Until you answer, no label is printed.',
      },
    },
    {
      name: 'allergens',
      label: 'Which ones',
      type: 'select',
      hasMany: true,
      options: allergenOptions(),
      admin: { condition: (_, siblingData) => siblingData?.allergenStatement === 'contains', description: 'Printed as the "Contains:" line.' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
        siblingData?.allergenStatement === 'contains' && !(Array.isArray(value) && value.length > 0) ? 'Choose the allergens it contains, or answer that it contains none.' : true,
    },
    allergenNameField('fish', 'Which fish'),
    allergenNameField('crustacean-shellfish', 'Which crustacean shellfish'),
    allergenNameField('tree-nuts', 'Which tree nuts'),
    {
      name: 'nutritionExempt',
      label: 'No Nutrition Facts: this business is exempt as a small business',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'A small business may leave the Nutrition Facts panel off (and then makes no nutrition claim on the jar). Below 10 full-time-equivalent employees and 10,000 units of this product a year in the United States, nothing is filed; above 10 employees or 10,000 units (up to 100 and 100,000), the exemption needs a notice filed with the FDA every year (21 CFR 101.9(j)(18)). The seller’s guide says more.',
      },
    },
    {
      name: 'nutrition',
      label: 'Nutrition Facts, per serving',
      type: 'group',
      admin: { condition: (_, siblingData) => !siblingData?.nutritionExempt, description: 'As your nutrition analysis gives them, rounded as the label declares them.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'servingSize', label: 'Serving size', type: 'text', maxLength: LABEL_FACT_LIMITS.servingSize, admin: { width: '50%', placeholder: 'e.g. 2 Tbsp (30g)' } },
            { name: 'servingsPerContainer', label: 'Servings per container', type: 'text', maxLength: LABEL_FACT_LIMITS.servingsPerContainer, admin: { width: '50%', placeholder: 'e.g. about 8' } },
          ],
        },
        ...amountRows(),
      ],
    },
  ],
}
