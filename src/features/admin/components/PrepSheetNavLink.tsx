'use client'

import { Link } from '@payloadcms/ui'
import { usePathname } from 'next/navigation'

import { PREP_SHEET_VIEW } from '@/features/admin/adminViews'

/** Prep sheet, in the admin's side menu above Customers: drawn like Payload's own links, marked while it is open. */
export function PrepSheetNavLink() {
  const isActive = usePathname() === PREP_SHEET_VIEW.url
  const label = (
    <>
      {isActive && <div className="nav__link-indicator" />}
      <span className="nav__link-label">Prep sheet</span>
    </>
  )
  return isActive ? (
    <div className="nav__link" id="nav-prep-sheet" aria-current="page">
      {label}
    </div>
  ) : (
    <Link className="nav__link" href={PREP_SHEET_VIEW.url} id="nav-prep-sheet" prefetch={false}>
      {label}
    </Link>
  )
}
