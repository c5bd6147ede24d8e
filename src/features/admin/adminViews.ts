/** The seller's own admin pages beside Payload's: their path in the config, and their address for links. */
export const CUSTOMERS_VIEW = { path: '/customers', url: '/admin/customers' } as const

/** Add order: an order taken by text, call, message or in person, entered under the order form's rules. */
export const ADD_ORDER_VIEW = { path: '/orders/add', url: '/admin/orders/add' } as const

/** The prep sheet's CSV: an endpoint of the orders collection (`prepSheetCsvEndpoint`). */
export const PREP_SHEET_CSV_PATH = '/prep.csv'

/** The prep and route sheet of a day, and its CSV download. */
export const PREP_SHEET_VIEW = { path: '/prep', url: '/admin/prep', csvUrl: `/api/orders${PREP_SHEET_CSV_PATH}` } as const

/** The day a prep sheet link opens on (the query parameter both the view and the CSV read). */
export const prepSheetUrl = (day: string, url: string = PREP_SHEET_VIEW.url) => `${url}?day=${encodeURIComponent(day)}`

/** Jar labels to print: a sheet of labels per flavor for one batch. */
export const JAR_LABELS_VIEW = { path: '/labels', url: '/admin/labels' } as const

/** An order's page in the admin. */
export const orderAdminUrl = (id: number | string) => `/admin/collections/orders/${encodeURIComponent(String(id))}`

/** Operations: the e-mail log's retention, the database's and the backups' size, the disk's free space. */
export const OPERATIONS_VIEW = { path: '/operations', url: '/admin/operations' } as const

/** The recall's CSV: an endpoint of the orders collection (`features/recalls/recallCsv.ts`). */
export const RECALL_CSV_PATH = '/recall.csv'

/** Recall: every order that took jars from a batch, a flavor of it, some days' batches or a supplier's lot, and its CSV. */
export const RECALL_VIEW = { path: '/recall', url: '/admin/recall', csvUrl: `/api/orders${RECALL_CSV_PATH}` } as const

/** A recall's record: who was told, whose e-mail failed, who confirmed (`features/recalls/components/RecallRecordView.tsx`). */
export const RECALL_RECORD_VIEW = { path: '/recall/:id', url: (id: number | string) => `/admin/recall/${encodeURIComponent(String(id))}` } as const

/** Waiting line: each flavor's line in the order places were taken, the jars held for it, and Remove. */
export const WAITING_LINE_VIEW = { path: '/waiting-line', url: '/admin/waiting-line' } as const

/** Shop → Batch rules (the `stock` global): where the waiting line is turned on and its hold time set. */
export const BATCH_RULES_URL = '/admin/globals/stock'

/** Payments received: a payment app's statement uploaded, its payments matched to orders, reviewed and confirmed. */
export const STATEMENTS_VIEW = { path: '/payments', url: '/admin/payments' } as const

/**
 * Where that view's forms post: endpoints of the config (`features/admin/statementPosts.ts`). The
 * upload is read there by the site's own code and stopped at its limit, which a server action
 * cannot do (Next reads its whole body first, up to the site's 11 MB); the review's buttons post
 * beside it, the same way.
 */
export const STATEMENT_POSTS = {
  upload: { path: '/statements/upload', url: '/api/statements/upload' },
  review: { path: '/statements/review', url: '/api/statements/review' },
} as const
