import type { Message } from '@/shared/notices'

/** What a visitor reads when checking a discount code: the spec's wording, verbatim. */
export const discountNotices = {
  applied: (amount: number, code: string): Message => ({ title: 'Discount Applied!', description: `You saved $${amount} with code ${code}!` }),
  invalid: { title: 'Invalid Discount Code', description: 'The discount code you entered is not valid.' },
  alreadyUsed: { title: 'Discount Already Used', description: 'This discount code has already been used.' },
  databaseError: (message: string): Message => ({ title: 'Validation Error', description: `Database error: ${message}. Please try again.` }),
  unexpectedError: (message: string): Message => ({ title: 'Validation Error', description: `Unexpected error: ${message}. Please try again.` }),
} as const

/** What a visitor reads after signing up in the e-mail popup: the spec's wording, verbatim where it has one. */
export const signUpNotices = {
  welcome: (product: string): Message => ({
    title: `Welcome to ${product}!`,
    description: 'Your discount code is saved and will be applied at checkout.',
  }),
  failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
  /** Ours, worded as the order form's: the spec's popup relies on the browser's own check. */
  missing: (fieldInWords: string): Message => ({ title: 'Missing Information', description: `Please fill in your ${fieldInWords}.` }),
  /** Ours: an address already on the list gets its code by e-mail, never on the page. */
  codeResent: (email: string): Message => ({
    title: 'Check Your Email',
    description: `You are already on our list: we have e-mailed your discount code to ${email}.`,
  }),
  /** Ours: the spec's popup does not say what a second sign-up of a used address sees. */
  alreadyUsed: {
    title: 'Already Joined',
    description: 'You are already on our list, and your first-order discount has been used. Thank you for ordering with us!',
  },
} as const
