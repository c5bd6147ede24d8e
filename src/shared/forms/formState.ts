import type { Message } from '@/shared/notices'

/** What a public form's server action answers; the page renders it with or without JavaScript. */
export type FormState = {
  status: 'idle' | 'success' | 'error'
  message?: Message
  /** The visitor's input, returned on an error so nothing typed is lost. */
  values?: Record<string, string>
}

export const idleState: FormState = { status: 'idle' }

/** The text fields of a submitted form, as strings. */
export function formValues(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? '')]))
}
