'use client'

import { Link } from '@payloadcms/ui'
import { usePathname } from 'next/navigation'

import './AdminNavLink.scss'

export type AdminNavLinkProps = {
  /** The view's address, e.g. '/admin/prep'. */
  href: string
  label: string
  /** For tests and the menu's anchors, as Payload names its own: `nav-<name>`. */
  id: string
  /** Set apart from the links below it, like a group of its own. */
  separated?: boolean
}

/**
 * One of the seller's own views in the admin's side menu (`admin.components.beforeNavLinks`, with
 * its `clientProps`), drawn like Payload's links by this component's own styles and marked while
 * it is open.
 */
export function AdminNavLink({ href, label, id, separated = false }: AdminNavLinkProps) {
  const isActive = usePathname() === href
  const className = `admin-nav-link${separated ? ' admin-nav-link--separated' : ''}`
  const content = (
    <>
      {isActive && <span className="admin-nav-link__indicator" />}
      <span>{label}</span>
    </>
  )
  return isActive ? (
    <div className={`${className} admin-nav-link--active`} id={id} aria-current="page">
      {content}
    </div>
  ) : (
    <Link className={className} href={href} id={id} prefetch={false}>
      {content}
    </Link>
  )
}
