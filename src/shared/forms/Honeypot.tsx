import { HONEYPOT_FIELD } from './limits'

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers)
 * and bots fill in. A post with it filled is answered as if it worked and stored nowhere.
 */
export function Honeypot({ form }: { form: string }) {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${form}-website`}>Website</label>
      <input id={`${form}-website`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  )
}
