import { describe, expect, it } from 'vitest'

import { escapeHtml } from '@/shared/escapeHtml'
import { customerOrderEmail, sellerOrderEmail } from '@/features/ordering/orderEmails'
import type { Order } from '@/payload-types'

const order: Order & { email: string } = {
  id: 7,
  status: 'new',
  fullName: 'Dana <b>Tester</b>',
  email: 'dana@example.com',
  phone: '(313) 555-0100',
  instagram: '@dana',
  quantity: 3,
  flavors: 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: pineapple-mango',
  deliveryMethod: 'delivery',
  city: 'ann-arbor',
  address: '1 Main St & Co',
  zip: '48104',
  notes: 'Ring twice',
  consent: true,
  originalPrice: 50,
  deliveryFee: 5,
  discountAmount: 13,
  totalPrice: 42,
  discountCode: 'HC25123456',
  createdAt: '2026-05-01T14:30:00.000Z',
  updatedAt: '2026-05-01T14:30:00.000Z',
}

const settings = {
  businessName: 'Purple Sea Moss Co.',
  productName: 'Purple Seamoss Gel',
  phone: '(313) 555-0123',
  email: 'orders@example.com',
  paymentMethods: [
    { method: 'Cash', handle: 'At pickup or delivery' },
    { method: 'Venmo', handle: '@your-venmo' },
    { method: 'CashApp', handle: '$yourcashtag' },
    { method: 'Zelle', handle: 'orders@example.com' },
  ],
}

describe('order e-mails', () => {
  it('gives the seller every field, readable, with replies going to the customer', () => {
    const mail = sellerOrderEmail(order, settings)
    expect(mail.to).toBe('orders@example.com')
    expect(mail.replyTo).toBe('dana@example.com')
    expect(mail.subject).toBe('New order: Dana <b>Tester</b>, 3 jars, delivery, $42')
    for (const line of [
      'Full name: Dana <b>Tester</b>',
      'E-mail: dana@example.com',
      'Phone: (313) 555-0100',
      'Instagram: @dana',
      'Agreed to be contacted via SMS/email: Yes',
      'Jars: 3',
      `Open it in the admin: http://localhost:3000/admin/collections/orders/${order.id}`,
      'Flavors: Jar 1: Mixed Berry, Jar 2: Peach Ginger, Jar 3: Pineapple Mango',
      'Pickup or delivery: Delivery',
      'Address: 1 Main St & Co',
      'City: Ann Arbor',
      'ZIP code: 48104',
      'Notes: Ring twice',
      'Package (3 jars): $50',
      'Delivery fee: $5',
      'Discount (code HC25123456): -$13',
      'Total: $42',
    ]) {
      expect(mail.text).toContain(line)
    }
  })

  it('tells the customer the total, the delivery, how to pay and that the seller will confirm', () => {
    const mail = customerOrderEmail(order, settings)
    expect(mail.to).toBe('dana@example.com')
    expect(mail.replyTo).toBe('orders@example.com')
    expect(mail.text).toContain('We will text or e-mail you to confirm your order and delivery.')
    expect(mail.text).toContain('Total: $42')
    expect(mail.text).toContain('We will deliver to 1 Main St & Co, Ann Arbor 48104.')
    for (const method of ['- Cash: At pickup or delivery', '- Venmo: @your-venmo', '- CashApp: $yourcashtag', '- Zelle: orders@example.com']) {
      expect(mail.text).toContain(method)
    }
  })

  it('says pickup and shows no delivery fee for a pickup order', () => {
    const mail = customerOrderEmail({ ...order, deliveryMethod: 'pickup', deliveryFee: 0, totalPrice: 37 }, settings)
    expect(mail.text).toContain('confirm your order and pickup.')
    expect(mail.text).toContain('Pickup: free')
    expect(mail.text).not.toContain('Delivery fee')
  })

  it('escapes every value in the HTML version', () => {
    const html = sellerOrderEmail(order, settings).html ?? ''
    expect(html).toContain('Dana &#60;b&#62;Tester&#60;/b&#62;')
    expect(html).toContain('1 Main St &#38; Co')
    expect(html).not.toContain('<b>Tester')
    expect(escapeHtml(`"'<>&`)).toBe('&#34;&#39;&#60;&#62;&#38;')
  })
})
