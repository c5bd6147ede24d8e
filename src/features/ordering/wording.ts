/** How the site words jars and prices, everywhere: pages, order form, e-mails and the admin. */

export const jarWord = (quantity: number) => (quantity === 1 ? 'jar' : 'jars')

/** "1 jar", "3 jars". */
export const jarsText = (quantity: number) => `${quantity} ${jarWord(quantity)}`

/** Whole dollars, as the prices are: "$20". */
export const dollars = (amount: number) => `$${amount}`
