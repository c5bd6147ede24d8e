import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { ADD_ORDER_VIEW } from '@/features/admin/adminViews'
import { HAND_ENTERED_SOURCES } from '@/features/ordering/manualOrder'
import { priceListKey } from '@/features/ordering/pricing'
import { currentPrices, findFlavors, settingsFromDatabase, windowsOpenNow } from '@/features/ordering/shop'
import { methodsWithWindows } from '@/features/ordering/windows'

import { AddOrderForm } from './AddOrderForm.client'
import './AddOrder.scss'

/**
 * Orders → Add order: an order taken by text, call, social message or in person, with the order
 * form's fields and the same open windows. The form posts to `addOrderByHand`, which checks the
 * session again and places the order through the order service. A custom view is outside Payload's
 * admin access check, so it checks the session itself before reading anything.
 */
export async function AddOrderView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req } = initPageResult
  if (!req.user) redirect(`/admin/login?redirect=${encodeURIComponent(ADD_ORDER_VIEW.url)}`)
  const { payload } = req
  const [flavors, prices, windows] = await Promise.all([findFlavors(payload), currentPrices(settingsFromDatabase(payload)), windowsOpenNow(payload)])

  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={initPageResult.locale}
      params={params}
      payload={payload}
      permissions={initPageResult.permissions}
      req={req}
      searchParams={searchParams}
      user={req.user}
      visibleEntities={initPageResult.visibleEntities}
    >
      <SetStepNav nav={[{ label: 'Orders', url: adminListUrl('orders') }, { label: 'Add order' }]} />
      <Gutter className="add-order">
        <h1 className="add-order__title">Add order</h1>
        <p className="add-order__intro">
          For an order taken by text, call, social message or in person. The site prices it, applies a discount code, takes the jars from this batch and books the
          time, just as for an order from the website. The customer gets the confirmation e-mail only when you enter their e-mail address.
        </p>
        <AddOrderForm
          flavors={flavors.map(({ value, name, available }) => ({ value, name, available }))}
          sources={HAND_ENTERED_SOURCES.map(({ value, label }) => ({ value, label }))}
          prices={prices}
          priceList={priceListKey(prices)}
          windows={windows.open}
          windowMethods={methodsWithWindows(windows.rules)}
        />
      </Gutter>
    </DefaultTemplate>
  )
}
