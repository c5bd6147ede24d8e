/** Escapes text for HTML e-mails, so a visitor's input can never become markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
