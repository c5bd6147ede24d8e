import { randomBytes } from 'node:crypto'

/** The secret of a customer's private link (an order's status page, a refill plan's page): 144 random bits, not guessable. */
export const newStatusToken = () => randomBytes(18).toString('base64url')
