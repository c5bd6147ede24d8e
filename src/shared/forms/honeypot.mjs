// Plain JavaScript: the benchmark's bots (scripts/bench/orders.mjs) fill it in too.

/** Hidden from people, filled in by bots. */
export const HONEYPOT_FIELD = 'website'
