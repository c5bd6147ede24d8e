// Plain JavaScript: next.config.mjs reads it too (each package's order page has its own address).

/** The packages on sale: 1, 3 or 6 jars. */
export const PACKAGE_QUANTITIES = /** @type {const} */ ([1, 3, 6])
