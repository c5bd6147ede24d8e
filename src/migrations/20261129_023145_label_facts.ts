import { randomBytes } from 'node:crypto'

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * A flavor's ingredients were one text ("Purple sea moss, spring water, peaches (peaches, citric
 * acid)"); they become a list the seller reorders, one row per ingredient with what it is made of.
 * The text is cut at the commas outside parentheses, in its order. The old allergens text ("None",
 * "Contains: coconut") is not turned into an answer: the seller answers the question anew.
 */
function ingredientRows(text: string): { name: string; subIngredients: string | null }[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const char of text) {
    if (char === '(') depth += 1
    if (char === ')') depth = Math.max(0, depth - 1)
    if (char === ',' && depth === 0) {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const nested = /^([^(]+)\((.*)\)$/.exec(part)
      return nested ? { name: nested[1].trim().slice(0, 80), subIngredients: nested[2].trim().slice(0, 200) || null } : { name: part.slice(0, 80), subIngredients: null }
    })
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`flavors_ingredients\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`sub_ingredients\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`flavors_ingredients_order_idx\` ON \`flavors_ingredients\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`flavors_ingredients_parent_id_idx\` ON \`flavors_ingredients\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`flavors_allergens\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`flavors\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`flavors_allergens_order_idx\` ON \`flavors_allergens\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`flavors_allergens_parent_idx\` ON \`flavors_allergens\` (\`parent_id\`);`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`allergen_statement\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`fish_species\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`shellfish_species\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`tree_nut_kinds\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_exempt\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_serving_size\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_servings_per_container\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_calories\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_total_fat\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_saturated_fat\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_trans_fat\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_cholesterol\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_sodium\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_total_carbohydrate\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_dietary_fiber\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_total_sugars\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_added_sugars\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_protein\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_vitamin_d\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_calcium\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_iron\` numeric;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`nutrition_potassium\` numeric;`)
  const flavors = await db.all<{ id: number; ingredients: string }>(sql`SELECT \`id\`, \`ingredients\` FROM \`flavors\` WHERE \`ingredients\` IS NOT NULL AND trim(\`ingredients\`) != '';`)
  for (const row of flavors) {
    const ingredients = ingredientRows(row.ingredients).slice(0, 30)
    for (const [order, { name, subIngredients }] of ingredients.entries())
      await db.run(
        sql`INSERT INTO \`flavors_ingredients\` (\`_order\`, \`_parent_id\`, \`id\`, \`name\`, \`sub_ingredients\`) VALUES (${order + 1}, ${row.id}, ${randomBytes(12).toString('hex')}, ${name}, ${subIngredients});`,
      )
  }
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`ingredients\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`allergens\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`label_street\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`flavors_ingredients\`;`)
  await db.run(sql`DROP TABLE \`flavors_allergens\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`ingredients\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` ADD \`allergens\` text;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`allergen_statement\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`fish_species\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`shellfish_species\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`tree_nut_kinds\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_exempt\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_serving_size\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_servings_per_container\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_calories\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_total_fat\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_saturated_fat\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_trans_fat\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_cholesterol\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_sodium\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_total_carbohydrate\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_dietary_fiber\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_total_sugars\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_added_sugars\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_protein\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_vitamin_d\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_calcium\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_iron\`;`)
  await db.run(sql`ALTER TABLE \`flavors\` DROP COLUMN \`nutrition_potassium\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`label_street\`;`)
}
