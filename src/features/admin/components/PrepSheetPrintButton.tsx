'use client'

/** Prints the prep sheet; the print stylesheet leaves the admin's menu, header and buttons off the paper. */
export function PrepSheetPrintButton() {
  return (
    <button type="button" className="admin-button" onClick={() => window.print()}>
      Print
    </button>
  )
}
