'use client'

/** Prints the view; its print stylesheet leaves the admin's menu, header and buttons off the paper. */
export function PrintButton() {
  return (
    <button type="button" className="admin-button" onClick={() => window.print()}>
      Print
    </button>
  )
}
