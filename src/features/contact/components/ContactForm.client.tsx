'use client'

import { FormMessage } from '@/shared/forms/FormMessage'
import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'
import { useSafeAction } from '@/shared/forms/useSafeAction'
import { type FormState, idleState } from '@/shared/forms/formState'
import { Honeypot } from '@/shared/forms/Honeypot'
import { LIMITS } from '@/shared/forms/limits'
import { contactNotices } from '@/features/contact/notices'

import { submitContactForm } from '@/features/contact/actions'

const failed = (): FormState => ({ status: 'error', message: contactNotices.failed })
const ANSWER_ID = 'contact-answer'

export function ContactForm() {
  const { state, formAction, onSubmit, pending, generation } = useSafeAction(submitContactForm, idleState, failed, `/contact#${ANSWER_ID}`)
  const value = (name: string) => (state.status === 'error' ? (state.values?.[name] ?? '') : '')

  return (
    <form key={generation} action={formAction} onSubmit={onSubmit} noValidate className="space-y-5" aria-describedby="contact-required-note">
      <SubmissionKeyField />
      <p id="contact-required-note" className="text-sm text-plum-900/70">
        Fields marked * are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="field-label">
            Name *
          </label>
          <input id="contact-name" name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={value('name')} className="field-input" />
        </div>
        <div>
          <label htmlFor="contact-email" className="field-label">
            Email *
          </label>
          <input id="contact-email" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={value('email')} className="field-input" />
        </div>
        <div>
          <label htmlFor="contact-phone" className="field-label">
            Phone (optional)
          </label>
          <input id="contact-phone" name="phone" type="tel" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={value('phone')} className="field-input" />
        </div>
        <div>
          <label htmlFor="contact-subject" className="field-label">
            Subject (optional)
          </label>
          <input id="contact-subject" name="subject" maxLength={LIMITS.subject} defaultValue={value('subject')} className="field-input" />
        </div>
      </div>
      <div>
        <label htmlFor="contact-message" className="field-label">
          Message *
        </label>
        <textarea id="contact-message" name="message" rows={6} maxLength={LIMITS.message} defaultValue={value('message')} className="field-input" />
      </div>
      <Honeypot form="contact" />
      <div id={ANSWER_ID}>
        <FormMessage state={state} />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" aria-disabled={pending || undefined}>
        {pending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
