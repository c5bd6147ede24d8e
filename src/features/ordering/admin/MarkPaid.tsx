'use client'

import { useField, useForm } from '@payloadcms/ui'
import { useRef, useState } from 'react'

import { PAYMENT_METHODS, type PaymentMethod } from '@/features/ordering/options'
import { businessDateTime } from '@/shared/time'
import './MarkPaid.scss'

/**
 * One tap to record that a customer paid (cash at pickup, a Venmo that came in): it sets the
 * order's payment fields in the document form and saves it, so the fields below show the same.
 */
export function MarkPaid() {
  const { submit } = useForm()
  const status = useField<string | null>({ path: 'paymentStatus' })
  const method = useField<string | null>({ path: 'paymentMethod' })
  const paidAt = useField<string | null>({ path: 'paidAt' })
  // Read when the button is tapped (not kept in state), so a choice made while the page was still
  // loading is not lost.
  const chosen = useRef<HTMLSelectElement>(null)
  const [saving, setSaving] = useState(false)

  async function record(paid: boolean) {
    setSaving(true)
    const payment = { paymentStatus: paid ? 'paid' : 'unpaid', paymentMethod: paid ? ((chosen.current?.value as PaymentMethod | undefined) ?? 'cash') : null, paidAt: paid ? new Date().toISOString() : null }
    const before = { paymentStatus: status.value ?? null, paymentMethod: method.value ?? null, paidAt: paidAt.value ?? null }
    const show = (values: { paymentStatus: string | null; paymentMethod: string | null; paidAt: string | null }) => {
      status.setValue(values.paymentStatus)
      method.setValue(values.paymentMethod)
      paidAt.setValue(values.paidAt)
    }
    // The fields below show the new values at once; the save sends them explicitly, since a field
    // set a moment before is not yet in the state `submit` reads.
    show(payment)
    try {
      const saved = await submit({ overrides: payment })
      // Refused (the form's toast says why: the order changed meanwhile, a recall holds it): the
      // page goes back to what is stored rather than showing a payment that was not recorded.
      if (!saved?.res?.ok) show(before)
    } catch (error) {
      show(before)
      throw error
    } finally {
      setSaving(false)
    }
  }

  if (status.value === 'paid') {
    const label = PAYMENT_METHODS.find((option) => option.value === method.value)?.label ?? 'an unrecorded method'
    return (
      <div className="mark-paid mark-paid--paid" data-testid="payment-state">
        <p>
          <strong>Paid</strong> with {label}
          {paidAt.value ? ` on ${businessDateTime(paidAt.value)}` : ''}.
        </p>
        <button type="button" className="mark-paid__undo" onClick={() => record(false)} disabled={saving}>
          Mark unpaid
        </button>
      </div>
    )
  }
  return (
    <div className="mark-paid" data-testid="payment-state">
      <p>
        <strong>{status.value === 'unpaid' ? 'Not paid yet' : 'Payment not recorded'}</strong>
      </p>
      <label className="mark-paid__method">
        Paid with{' '}
        <select ref={chosen} defaultValue={(method.value as PaymentMethod) || 'cash'}>
          {PAYMENT_METHODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="mark-paid__button" onClick={() => record(true)} disabled={saving}>
        {saving ? 'Saving…' : 'Mark paid'}
      </button>
    </div>
  )
}
