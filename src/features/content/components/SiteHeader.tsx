
import { MessageIcon } from '@/components/Icons'
import { NAV_ROUTES } from '@/features/content/routes.mjs'
import { smsHref } from '@/features/contact/contactLinks'
import type { SiteSetting } from '@/payload-types'

import { NavMenu } from './NavMenu.client'

export function SiteHeader({ settings }: { settings: SiteSetting }) {
  return (
    <header data-site-header className="fixed inset-x-0 top-0 z-40 border-b border-plum-100 bg-white/95 backdrop-blur">
      {/* py-2.5: the top row keeps its place when the open menu wraps below it (a line is then only as tall as its items). */}
      <div className="mx-auto flex min-h-16 w-full max-w-6xl flex-wrap items-center gap-x-2 px-4 py-2.5 sm:gap-x-3 sm:px-8 md:flex-nowrap md:justify-between">
        <a
          href="/"
          className="mr-auto flex min-w-0 items-center gap-1.5 py-1 font-display text-[15px] font-semibold text-plum-800 sm:gap-2 sm:text-lg md:mr-0"
        >
          <span aria-hidden className="inline-block size-6 shrink-0 rounded-full bg-gradient-to-br from-plum-500 to-sea-500 sm:size-7" />
          {/* Between tablet and laptop widths the seven links need the room: the logo stands alone. */}
          <span className="whitespace-nowrap md:max-lg:sr-only">{settings.businessName}</span>
        </a>
        <NavMenu links={NAV_ROUTES} />
        <a
          href={smsHref(settings.phone)}
          className="order-2 inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full bg-plum-700 px-3 py-2 text-sm font-semibold text-white hover:bg-plum-800 sm:px-4 md:order-none"
        >
          <MessageIcon width={18} height={18} className="hidden sm:block md:max-lg:hidden" />
          Text to Order
        </a>
      </div>
    </header>
  )
}
