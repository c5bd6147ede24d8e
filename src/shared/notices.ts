/**
 * Every user-facing message of the spec (sections 5 and 8), verbatim, in one place.
 * A message is a toast: a short title and a description.
 */
export type Message = { title: string; description: string }

export const messages = {
  contact: {
    missingField: (field: string): Message => ({ title: 'Missing Information', description: `Please fill in the ${field} field.` }),
    sent: { title: 'Message Sent!', description: "Thank you for reaching out! We'll get back to you soon." },
    failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
  },
  order: {
    missingField: (fieldInWords: string): Message => ({ title: 'Missing Information', description: `Please fill in your ${fieldInWords}.` }),
    deliveryMethodRequired: { title: 'Delivery Method Required', description: 'Please select pickup or delivery.' },
    consentRequired: { title: 'Consent Required', description: 'Please agree to be contacted about your order.' },
    /** Ours: the spec only says a flavor is required for each jar. */
    flavorRequired: (jar: number, jars: number): Message => ({
      title: 'Flavor Required',
      description: jars === 1 ? 'Please choose a flavor.' : `Please choose a flavor for jar ${jar}.`,
    }),
    /** Ours: only a tampered form can send another quantity than 1, 3 or 6. */
    packageRequired: { title: 'Package Required', description: 'Please choose 1, 3 or 6 jars.' },
    submitted: { title: 'Order Submitted!', description: "Thank you! We'll text/email you to confirm your order & delivery." },
    failed: {
      title: 'Submission Error',
      description: 'There was an issue submitting your order. Please try again or contact us directly.',
    },
  },
  discount: {
    applied: (amount: number, code: string): Message => ({ title: 'Discount Applied!', description: `You saved $${amount} with code ${code}!` }),
    invalid: { title: 'Invalid Discount Code', description: 'The discount code you entered is not valid.' },
    alreadyUsed: { title: 'Discount Already Used', description: 'This discount code has already been used.' },
    databaseError: (message: string): Message => ({ title: 'Validation Error', description: `Database error: ${message}. Please try again.` }),
    unexpectedError: (message: string): Message => ({ title: 'Validation Error', description: `Unexpected error: ${message}. Please try again.` }),
  },
  capture: {
    welcome: (product: string): Message => ({
      title: `Welcome to ${product}!`,
      description: 'Your discount code is saved and will be applied at checkout.',
    }),
    failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
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
  },
  review: {
    submitted: { title: 'Review submitted!', description: 'Thank you for your feedback.' },
    failed: { title: 'Error', description: 'Failed to submit review. Please try again.' },
    /** Ours: the spec neither words the review's required-field checks nor limits the photo. */
    missingField: (field: string): Message => ({ title: 'Missing Information', description: `Please fill in your ${field}.` }),
    ratingRequired: { title: 'Rating Required', description: 'Please choose a rating from 1 to 5 stars.' },
    photoTooLarge: { title: 'Photo Too Large', description: 'Please choose a photo of 10MB or less.' },
    photoUnsupported: { title: 'Unsupported Photo', description: 'Please choose a PNG or JPG photo (WebP, GIF and AVIF work too).' },
    /** When the seller holds new reviews for approval, the visitor is told why it is not listed yet. */
    heldForApproval: { title: 'Review submitted!', description: 'Thank you for your feedback. It will appear here once approved.' },
  },
  /** Ours, beyond the spec: format, length and abuse checks. */
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  invalidPhone: { title: 'Invalid Phone Number', description: 'Please enter a valid phone number.' },
  invalidZip: { title: 'Invalid ZIP Code', description: 'Please enter a 5-digit ZIP code, like 48201.' },
  tooLong: (field: string, max: number): Message => ({ title: 'Too Long', description: `The ${field} can be at most ${max} characters.` }),
  rateLimited: { title: 'Too Many Attempts', description: 'Please wait a few minutes and try again.' },
} as const
