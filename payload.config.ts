import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildConfig, type Payload } from 'payload'
import sharp from 'sharp'

import { Customers } from '@/collections/Customers'
import { ContactMessages } from '@/collections/ContactMessages'
import { EmailCaptures } from '@/collections/EmailCaptures'
import { EmailOutbox } from '@/collections/EmailOutbox'
import { Batches } from '@/collections/Batches'
import { backfillPlanListOrderOnMongo, RefillPlans } from '@/collections/RefillPlans'
import { SupplierLots } from '@/collections/SupplierLots'
import { RecallNotices, Recalls } from '@/collections/Recalls'
import { WaitingLine } from '@/collections/WaitingLine'
import { StatementPayments } from '@/collections/StatementPayments'
import { OrderChanges } from '@/collections/OrderChanges'
import { DeliveryRuns } from '@/collections/DeliveryRuns'
import { Faqs } from '@/collections/Faqs'
import { Flavors } from '@/collections/Flavors'
import { FormSubmissions } from '@/collections/FormSubmissions'
import { Media } from '@/collections/Media'
import { Orders } from '@/collections/Orders'
import { Reviews } from '@/collections/Reviews'
import { Users } from '@/collections/Users'
import { PushSubscriptions } from '@/collections/PushSubscriptions'
import { sendOrderPushTask } from '@/features/seller/push/orderPush'
import { PAGE_GLOBALS } from '@/globals/pages'
import { OrderNumbers } from '@/globals/OrderNumbers'
import { Operations } from '@/globals/Operations'
import { Fulfilment, Prices, Stock } from '@/globals/Shop'
import { SiteSettings } from '@/globals/SiteSettings'
import { EmailTemplates } from '@/globals/EmailTemplates'
import { Unsubscribes } from '@/collections/Unsubscribes'
import { explainRefusedOrigin } from './src/features/admin/auth/adminCookie'
import { trustedOrigins } from './src/platform/http/adminOrigins'
import { ADD_ORDER_VIEW, CUSTOMERS_VIEW, JAR_LABELS_VIEW, OPERATIONS_VIEW, PREP_SHEET_VIEW, RECALL_RECORD_VIEW, RECALL_VIEW, STATEMENTS_VIEW, WAITING_LINE_VIEW } from './src/features/admin/adminViews'
import { statementEndpoints } from './src/features/admin/statementPosts'
import type { AdminNavLinkProps } from './src/features/admin/components/AdminNavLink'
import { SELLER_PATHS } from './src/features/seller/paths'
import { databaseAdapter } from './src/platform/db/database'
import { emailAdapter } from './src/platform/email/transport'
import { prepareDatabase } from './src/platform/db/prepareDatabase'
import { seedEmptyDatabase } from './src/seed'
import { backfillCustomerKeysOnMongo } from '@/hooks/storeCustomerKeys'
import { backfillCustomersOnMongo } from '@/features/admin/customerRecords'
import { backfillShownReviewPhotosOnMongo } from '@/collections/Reviews/hooks/showPhotoWithReview'
import { batchFromStockOnMongo } from '@/features/ordering/batchFromStock'
import { PHOTO_MAX_BYTES } from './src/features/reviews/rules'
import { payloadLogger } from './src/platform/config/payloadLogger'
import { payloadSecret } from './src/platform/config/secret'
import { mediaStoragePlugins } from './src/platform/config/mediaStorage'
import { exportsPlugin } from '@/plugins/exports'
import { businessTimesPlugin } from '@/plugins/businessTimes'
import { healthEndpoint } from '@/platform/health/healthEndpoint'
import { explainRefusedWrite } from '@/platform/db/refusedWrites'
import { restApiRules } from '@/platform/http/restApi'

// The paths below are for Payload's CLI (generated files, commands); the comments keep Next's file
// tracing from copying the whole of src/ into the standalone output as the server's files.
const dirname = path.dirname(fileURLToPath(import.meta.url))

/** What each start does once the schema is up to date, one instance at a time (`prepareDatabase`). */
async function prepareData(payload: Payload): Promise<void> {
  // MongoDB has no SQL migrations: orders and refill plans stored before the customer keys get them here.
  const keyed = await backfillCustomerKeysOnMongo(payload)
  if (keyed > 0) payload.logger.info(`Gave customer keys to ${keyed} orders and refill plans stored before them.`)
  const ordered = await backfillPlanListOrderOnMongo(payload)
  if (ordered > 0) payload.logger.info(`Gave ${ordered} refill plans their place in the admin's list.`)
  const customers = await backfillCustomersOnMongo(payload)
  if (customers > 0) payload.logger.info(`Stored the ${customers} customers of the orders stored before them.`)
  const marked = await backfillShownReviewPhotosOnMongo(payload)
  if (marked > 0) payload.logger.info(`Marked ${marked} review photos stored before the mark.`)
  if (await batchFromStockOnMongo(payload)) payload.logger.info('Made the jars left in this batch a batch (Shop → Batches).')
  await seedEmptyDatabase(payload)
}

/** The side menu's link to one of the seller's own views (its `clientProps` say which). */
const ADMIN_NAV_LINK = '/features/admin/components/AdminNavLink#AdminNavLink'

export default buildConfig({
  admin: {
    user: Users.slug,
    importMap: { baseDir: path.resolve(/* turbopackIgnore: true */ dirname, 'src') },
    // Static: Payload reads it once with the config, before any request could read Site settings.
    meta: { titleSuffix: ' · Seamoss admin' },
    // The default gravatar would call an outside service for every admin page.
    avatar: 'default',
    components: {
      beforeDashboard: ['/features/admin/components/BusinessDashboard#BusinessDashboard'],
      beforeNavLinks: [
        // The daily screen for the phone lives outside the admin (app/(seller)); it links back here.
        { path: ADMIN_NAV_LINK, clientProps: { href: SELLER_PATHS.today, label: 'Daily screen (phone)', id: 'nav-daily-screen' } satisfies AdminNavLinkProps },
        { path: ADMIN_NAV_LINK, clientProps: { href: PREP_SHEET_VIEW.url, label: 'Prep sheet', id: 'nav-prep-sheet' } satisfies AdminNavLinkProps },
        { path: ADMIN_NAV_LINK, clientProps: { href: JAR_LABELS_VIEW.url, label: 'Jar labels', id: 'nav-jar-labels' } satisfies AdminNavLinkProps },
        { path: ADMIN_NAV_LINK, clientProps: { href: RECALL_VIEW.url, label: 'Recall', id: 'nav-recall' } satisfies AdminNavLinkProps },
        { path: ADMIN_NAV_LINK, clientProps: { href: CUSTOMERS_VIEW.url, label: 'Customers', id: 'nav-customers' } satisfies AdminNavLinkProps },
        { path: ADMIN_NAV_LINK, clientProps: { href: STATEMENTS_VIEW.url, label: 'Payments received', id: 'nav-payments' } satisfies AdminNavLinkProps },
        // Shown only while the waiting line is on or has places in it (the link reads which).
        '/features/admin/components/WaitingLineNavLink#WaitingLineNavLink',
        { path: ADMIN_NAV_LINK, clientProps: { href: OPERATIONS_VIEW.url, label: 'Operations', id: 'nav-operations', separated: true } satisfies AdminNavLinkProps },
      ],
      // Says where to open the admin when it was opened at an address whose saves are refused.
      beforeLogin: ['/features/admin/components/AdminAddressNotice#AdminAddressNotice'],
      // The seller's business name and mark (Site settings) instead of Payload's, also on the login page.
      graphics: {
        Logo: '/features/admin/components/AdminBrand#AdminLogo',
        Icon: '/features/admin/components/AdminBrand#AdminIcon',
      },
      views: {
        customers: {
          Component: '/features/admin/components/CustomersView#CustomersView',
          path: CUSTOMERS_VIEW.path,
          exact: true,
          meta: { title: 'Customers' },
        },
        addOrder: {
          Component: '/features/admin/components/AddOrderView#AddOrderView',
          path: ADD_ORDER_VIEW.path,
          exact: true,
          meta: { title: 'Add order' },
        },
        prepSheet: {
          Component: '/features/admin/components/PrepSheetView#PrepSheetView',
          path: PREP_SHEET_VIEW.path,
          exact: true,
          meta: { title: 'Prep sheet' },
        },
        jarLabels: {
          Component: '/features/admin/components/JarLabelsView#JarLabelsView',
          path: JAR_LABELS_VIEW.path,
          exact: true,
          meta: { title: 'Jar labels' },
        },
        recall: {
          Component: '/features/recalls/components/RecallView#RecallView',
          path: RECALL_VIEW.path,
          exact: true,
          meta: { title: 'Recall' },
        },
        recallRecord: {
          Component: '/features/recalls/components/RecallRecordView#RecallRecordView',
          path: RECALL_RECORD_VIEW.path,
          exact: true,
          meta: { title: 'Recall record' },
        },
        statements: {
          Component: '/features/admin/components/StatementView#StatementView',
          path: STATEMENTS_VIEW.path,
          exact: true,
          meta: { title: 'Payments received' },
        },
        waitingLine: {
          Component: '/features/admin/components/WaitingLineView#WaitingLineView',
          path: WAITING_LINE_VIEW.path,
          exact: true,
          meta: { title: 'Waiting line' },
        },
        operations: {
          Component: '/features/admin/components/OperationsView#OperationsView',
          path: OPERATIONS_VIEW.path,
          exact: true,
          meta: { title: 'Operations' },
        },
      },
    },
  },
  collections: [Orders, Customers, Flavors, Batches, SupplierLots, RefillPlans, EmailCaptures, ContactMessages, Unsubscribes, Reviews, Faqs, Media, Users, PushSubscriptions, EmailOutbox, FormSubmissions, Recalls, RecallNotices, WaitingLine, StatementPayments, OrderChanges, DeliveryRuns],
  // The seller's new-order notifications (features/seller/push); the exports plugin adds its own task.
  jobs: { tasks: [sendOrderPushTask] },
  globals: [Prices, Stock, Fulfilment, SiteSettings, EmailTemplates, ...PAGE_GLOBALS, OrderNumbers, Operations],
  db: await databaseAdapter(),
  email: emailAdapter(),
  secret: payloadSecret(),
  // A request carrying the admin's session cookie counts only from the site's own origins (SITE_URL,
  // or this machine's addresses without it); a save refused for its origin says where to open the admin.
  csrf: trustedOrigins(),
  hooks: { afterError: [explainRefusedOrigin, explainRefusedWrite] },
  sharp,
  // Admin uploads through the REST API: refuse, rather than silently truncate, a file over the limit.
  upload: { limits: { fileSize: PHOTO_MAX_BYTES }, abortOnLimit: true, responseOnLimit: 'Files may be at most 10 MB.' },
  plugins: [
    ...(await mediaStoragePlugins()),
    exportsPlugin(),
    restApiRules(),
    // Last: every moment the admin shows, also in fields the plugins above add, on Detroit's clock.
    businessTimesPlugin(),
  ],
  graphQL: { disable: true },
  telemetry: false,
  // Payload's logger, with a visitor's refused request at info as Payload means it (platform/config/payloadLogger.ts).
  logger: payloadLogger(),
  // Not regenerated at every start outside production (each integration test file's, `next dev`'s):
  // that spawns `payload generate:types` without the react-server condition our `server-only`
  // imports need, a second process that loads the config for about 4 s of CPU and then fails. `npm
  // run generate:types` writes the file; test:static's check (scripts/check-generated.mjs) says when it is stale.
  typescript: { outputFile: path.resolve(/* turbopackIgnore: true */ dirname, 'src/payload-types.ts'), autoGenerate: false },
  onInit: (payload) => prepareDatabase(payload, prepareData),
  // GET /api/health: the checks an uptime monitor watches (src/platform/health); the statement's
  // upload and review posts of Admin → Payments received (src/features/admin/statementPosts.ts).
  endpoints: [healthEndpoint, ...statementEndpoints],
  // `npm run backup` and `npm run restore -- <backup>` (src/platform/backup).
  bin: [
    { key: 'backup', scriptPath: path.resolve(/* turbopackIgnore: true */ dirname, 'src/platform/backup/backupCommand.ts') },
    { key: 'restore', scriptPath: path.resolve(/* turbopackIgnore: true */ dirname, 'src/platform/backup/restoreCommand.ts') },
  ],
})
