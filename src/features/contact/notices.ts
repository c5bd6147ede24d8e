import type { Message } from '@/shared/notices'

/** What a visitor reads about their contact message: the spec's wording, verbatim. */
export const contactNotices = {
  missingField: (field: string): Message => ({ title: 'Missing Information', description: `Please fill in the ${field} field.` }),
  sent: { title: 'Message Sent!', description: "Thank you for reaching out! We'll get back to you soon." },
  failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
} as const
