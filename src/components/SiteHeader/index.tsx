import Link from 'next/link'

import { MessageIcon } from '@/components/Icons'
import { NAV_ROUTES } from '@/lib/constants'
import { smsHref } from '@/lib/contactLinks'
import type { SiteSetting } from '@/payload-types'

import { NavMenu } from './NavMenu.client'

export function SiteHeader({ settings }: { settings: SiteSetting }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-plum-100 bg-white/95 backdrop-blur">
      <div className="container-page flex flex-wrap items-center gap-x-3 py-2.5 md:flex-nowrap md:justify-between">
        <Link href="/" className="mr-auto flex items-center gap-2 py-1 font-display text-lg font-semibold text-plum-800 md:mr-0">
          <span aria-hidden className="inline-block size-7 rounded-full bg-gradient-to-br from-plum-500 to-sea-500" />
          {settings.businessName}
        </Link>
        <NavMenu links={NAV_ROUTES} />
        <a href={smsHref(settings.phone)} className="btn-primary order-2 min-h-10 px-4 py-2 text-sm md:order-none">
          <MessageIcon width={18} height={18} />
          Text to Order
        </a>
      </div>
    </header>
  )
}
