'use client'

import { Link } from '@payloadcms/ui'
import { usePathname } from 'next/navigation'

import { CUSTOMERS_VIEW } from '@/features/admin/adminViews'

import './CustomersNavLink.scss'

/** Customers, in the admin's side menu: drawn like Payload's own links, marked while it is open. */
export function CustomersNavLink() {
  const isActive = usePathname() === CUSTOMERS_VIEW.url
  const label = (
    <>
      {isActive && <div className="nav__link-indicator" />}
      <span className="nav__link-label">Customers</span>
    </>
  )
  return isActive ? (
    <div className="nav__link customers-nav-link" id="nav-customers" aria-current="page">
      {label}
    </div>
  ) : (
    <Link className="nav__link customers-nav-link" href={CUSTOMERS_VIEW.url} id="nav-customers" prefetch={false}>
      {label}
    </Link>
  )
}
