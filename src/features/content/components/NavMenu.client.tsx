'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'

import { CloseIcon, MenuIcon } from '@/components/Icons'

type NavLink = { href: string; label: string }

/**
 * The top bar's links: highlights the current route, collapses into a toggle below 768 px and
 * closes on Escape. Plain links, as everywhere on the public site: a page is a document the proxy
 * has cached, while next/link's client navigation costs every page about 3 kB of script and
 * prefetches each link in view as a React payload the proxy never caches (six requests to the app
 * per page view on a laptop).
 */
export function NavMenu({ links }: { links: readonly NavLink[] }) {
  // Typed `string | null` since the project has a Pages Router too (the seller's daily screen); never null in app/.
  const pathname = usePathname() ?? ''
  const [open, setOpen] = useState(false)

  // The root layout's inline script marks the page as scripted before it paints; a page React
  // renders in the browser alone (the 404 page: Next does not render it on the server) never runs
  // that script, and the menu would stand open over the page.
  useEffect(() => {
    document.documentElement.classList.add('js')
  }, [])

  useEffect(() => {
    if (!open) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        document.getElementById('nav-menu-toggle')?.focus()
      }
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [open])

  return (
    <>
      <button
        id="nav-menu-toggle"
        type="button"
        data-menu-toggle
        className="order-3 inline-flex size-11 items-center justify-center rounded-full text-plum-800 hover:bg-plum-50 md:hidden"
        aria-expanded={open}
        aria-controls="site-nav"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon width={24} height={24} /> : <MenuIcon width={24} height={24} />}
      </button>
      <nav
        id="site-nav"
        aria-label="Main"
        className={`order-4 w-full md:order-none md:block md:w-auto ${open ? 'block' : 'in-[.js]:hidden'}`}
      >
        <ul className="flex flex-col gap-1 pb-3 md:flex-row md:items-center md:gap-1 md:pb-0">
          {links.map((link) => {
            // A page under a menu entry (/reviews/page/2) marks the entry as the section the visitor is in.
            const current = pathname === link.href ? 'page' : link.href !== '/' && pathname.startsWith(`${link.href}/`) ? 'true' : undefined
            return (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={current}
                  className={`block rounded-full px-4 py-2.5 text-base font-medium transition-colors md:px-2 md:py-2 md:text-sm lg:px-3 lg:text-[0.95rem] ${
                    current ? 'bg-plum-100 text-plum-800' : 'text-plum-900/80 hover:bg-plum-50 hover:text-plum-800'
                  }`}
                >
                  {link.label}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
    </>
  )
}
