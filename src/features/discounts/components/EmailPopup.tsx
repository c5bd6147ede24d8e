import { CloseIcon } from '@/components/Icons'
import { DISCOUNT_PERCENT } from '@/features/discounts/rules'

import { EmailPopupDialog } from './EmailPopup.client'
import { SignUpInputs } from './SignUpInputs'

const TITLE_ID = 'email-popup-title'
const DESCRIPTION_ID = 'email-popup-description'

/**
 * The first-order discount sign-up of the home page. Its markup comes with the page, closed, and
 * only its behaviour is script (EmailPopupDialog opens and posts it): no code of its own to fetch
 * while the page loads. Close and Skip are the platform's: a button of a `method="dialog"` form
 * closes the dialog.
 */
export function EmailPopup() {
  return (
    <EmailPopupDialog
      labelledBy={TITLE_ID}
      describedBy={DESCRIPTION_ID}
      header={
        <div className="relative bg-gradient-to-br from-plum-700 to-sea-700 px-6 pt-8 pb-6 text-white">
          <form method="dialog">
            <button aria-label="Close" className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full hover:bg-white/15">
              <CloseIcon />
            </button>
          </form>
          <h2 id={TITLE_ID} className="pr-8 font-display text-3xl font-semibold text-white">
            {`Get ${DISCOUNT_PERCENT}% Off Your First Order`}
          </h2>
          <p id={DESCRIPTION_ID} className="mt-2 text-plum-100">
            {`Join our e-mail list and we will send you a code for ${DISCOUNT_PERCENT}% off your first package.`}
          </p>
        </div>
      }
      inputs={<SignUpInputs form="popup" autoFocus />}
      skip={
        <form method="dialog" className="px-6 pt-4 pb-6 text-center">
          <button className="text-sm font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900">Skip - I already have a discount</button>
        </form>
      }
    />
  )
}
