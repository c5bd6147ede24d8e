import { Honeypot } from '@/shared/forms/Honeypot'
import { LIMITS } from '@/shared/forms/limits'

/**
 * The sign-up's name and e-mail (and the honeypot): plain markup, so the popup's are rendered on
 * the server and only its behaviour is script. `autoFocus` marks the field a modal dialog focuses
 * when it opens.
 */
export function SignUpInputs({ form, autoFocus = false }: { form: string; autoFocus?: boolean }) {
  return (
    <>
      <div>
        <label htmlFor={`${form}-name`} className="field-label">
          Name
        </label>
        <input id={`${form}-name`} name="name" required maxLength={LIMITS.name} autoComplete="name" autoFocus={autoFocus} className="field-input" />
      </div>
      <div>
        <label htmlFor={`${form}-email`} className="field-label">
          Email
        </label>
        <input id={`${form}-email`} name="email" type="email" required maxLength={LIMITS.email} autoComplete="email" className="field-input" />
      </div>
      <Honeypot form={form} />
    </>
  )
}
