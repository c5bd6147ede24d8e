/** The seller's own admin pages beside Payload's: their path in the config, and their address for links. */
export const CUSTOMERS_VIEW = { path: '/customers', url: '/admin/customers' } as const
