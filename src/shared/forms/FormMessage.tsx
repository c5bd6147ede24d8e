import type { FormState } from './formState'

/** The result of a form, shown as a toast-like notice; announced to screen readers. */
export function FormMessage({ state }: { state: FormState }) {
  if (state.status === 'idle' || !state.message) return null
  const success = state.status === 'success'
  return (
    <div
      role={success ? 'status' : 'alert'}
      data-testid="form-message"
      className={`rounded-2xl border px-5 py-4 ${success ? 'border-sea-500 bg-sea-50 text-sea-700' : 'border-red-300 bg-red-50 text-red-800'}`}
    >
      <p className="font-semibold">{state.message.title}</p>
      <p className="mt-0.5">{state.message.description}</p>
    </div>
  )
}
