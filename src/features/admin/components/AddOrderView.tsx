import type { AdminViewServerProps } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { ADD_ORDER_VIEW } from '@/features/admin/adminViews'
import { addOrderFormProps } from '@/features/admin/manualOrder'
import { addOrderByHand } from '@/features/admin/manualOrderActions'

import { AddOrderForm } from './AddOrderForm.client'
import { AdminView, type AdminSession } from './AdminView'
import './AddOrder.scss'

/**
 * Orders → Add order: an order taken by text, call, social message or in person, with the order
 * form's fields and the same open windows. The form posts to `addOrderByHand`, which checks the
 * session again and places the order through the order service.
 */
export function AddOrderView(props: AdminViewServerProps) {
  return (
    <AdminView {...props} url={ADD_ORDER_VIEW.url} steps={[{ label: 'Orders', url: adminListUrl('orders') }, { label: 'Add order' }]} className="add-order">
      {(session) => <AddOrder session={session} />}
    </AdminView>
  )
}

async function AddOrder({ session: { payload } }: { session: AdminSession }) {
  const form = await addOrderFormProps(payload)
  return (
    <>
      <h1 className="admin-view__title">Add order</h1>
      <p className="admin-view__intro">
        For an order taken by text, call, social message or in person. The site prices it, applies a discount code, takes the jars from this batch and books the
        time, just as for an order from the website. The customer gets the confirmation e-mail only when you enter their e-mail address.
      </p>
      <AddOrderForm action={addOrderByHand} {...form} />
    </>
  )
}
