import { FormMessage } from '@/shared/forms/FormMessage'
import type { Message } from '@/shared/notices'
import { LIMITS } from '@/shared/forms/limits'

import type { InvalidProps } from './OrderFields'
import { APPLIED_CODE_FIELD, APPLY_DISCOUNT_INTENT } from '@/features/ordering/orderFormState'

/**
 * The discount code input with its Apply button, the saved code from the e-mail popup, and the
 * answer of the last check. Without JavaScript, Apply posts the form and the server answers.
 */
export function DiscountField({
  code,
  appliedCode,
  savedCode,
  notice,
  checking,
  scripted,
  onCodeChange,
  onApply,
  invalid,
}: {
  code: string
  appliedCode: string | null
  savedCode: string | null
  notice: { ok: boolean; message: Message } | null
  checking: boolean
  /** True once JavaScript runs: Apply then checks in place instead of posting. */
  scripted: boolean
  onCodeChange: (code: string) => void
  onApply: (code: string) => void
  invalid: InvalidProps
}) {
  return (
    <div className="space-y-3">
      {savedCode && !appliedCode && (
        <div role="group" aria-labelledby="saved-code-title" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sea-500 bg-sea-50 px-4 py-3">
          <div>
            <p id="saved-code-title" className="font-semibold text-sea-700">
              Your Saved Discount Code
            </p>
            <p className="font-mono text-lg tracking-wider">{savedCode}</p>
          </div>
          <button type="button" className="btn-sea" aria-disabled={checking || undefined} onClick={() => onApply(savedCode)}>
            Apply Now
          </button>
        </div>
      )}
      <div>
        <label htmlFor="order-discountCode" className="field-label">
          Discount code
        </label>
        <div className="flex gap-2">
          <input
            id="order-discountCode"
            name="discountCode"
            value={code}
            onChange={(event) => onCodeChange(event.target.value)}
            onKeyDown={(event) => {
              // Enter in this field applies the code rather than placing the order.
              if (event.key === 'Enter' && scripted) {
                event.preventDefault()
                onApply(code)
              }
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={LIMITS.discountCode}
            className="field-input min-w-0 flex-1 uppercase"
            {...invalid('discountCode')}
          />
          <button
            type={scripted ? 'button' : 'submit'}
            name={scripted ? undefined : 'intent'}
            value={scripted ? undefined : APPLY_DISCOUNT_INTENT}
            onClick={scripted ? () => onApply(code) : undefined}
            aria-disabled={checking || undefined}
            className="btn-secondary shrink-0"
          >
            {checking ? 'Checking...' : 'Apply'}
          </button>
        </div>
        <input type="hidden" name={APPLIED_CODE_FIELD} value={appliedCode ?? ''} />
      </div>
      {notice && <FormMessage state={{ status: notice.ok ? 'success' : 'error', message: notice.message }} />}
    </div>
  )
}
