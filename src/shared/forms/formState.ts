import type { Message } from '@/shared/notices'

/** What a public form's server action answers; the page renders it with or without JavaScript. */
export type FormState = {
  status: 'idle' | 'success' | 'error'
  message?: Message
  /** The visitor's input, returned on an error so nothing typed is lost. */
  values?: Record<string, string>
}

export const idleState: FormState = { status: 'idle' }

/**
 * The form a server action was given. Anyone can call an action by hand with any arguments (none,
 * a plain object, a string): what is not a form is read as an empty one, so the action answers
 * with the form's own "missing" message instead of failing.
 */
export function submittedForm(posted: unknown): FormData {
  return posted instanceof FormData ? posted : new FormData()
}

/** A text field of a submitted form; a file posted where text belongs counts as missing. */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

/** The text fields of a submitted form, as strings. */
export function formValues(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, formText(formData, name)]))
}
