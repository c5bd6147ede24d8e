import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav, type StepNavItem } from '@payloadcms/ui'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps, Payload, PayloadRequest } from 'payload'
import type { ReactNode } from 'react'

/** What a view's content may read, once the admin is known to be signed in. */
export type AdminSession = { req: PayloadRequest; payload: Payload }

type AdminViewProps = AdminViewServerProps & {
  /** The view's own address: where the sign-in page sends the seller back to. */
  url: string
  /** The admin's breadcrumb after its home link. */
  steps: StepNavItem[]
  /** The view's own class, on its page-wide container. */
  className: string
  /** The view's content, rendered (and its data read) only for a signed-in admin. */
  children: (session: AdminSession) => ReactNode | Promise<ReactNode>
}

/**
 * The frame of every custom admin view (Customers, Add order, Prep sheet): Payload's template with
 * its menu, the breadcrumb and the page-wide container. Payload leaves custom views open to anyone
 * (they may be public pages); this one sends a visitor without an admin session to the sign-in
 * page, before the view reads anything.
 */
export async function AdminView({ initPageResult, params, searchParams, url, steps, className, children }: AdminViewProps) {
  const { req } = initPageResult
  if (!req.user) redirect(`${req.payload.config.routes.admin}/login?redirect=${encodeURIComponent(url)}`)
  const content = await children({ req, payload: req.payload })
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={initPageResult.locale}
      params={params}
      payload={req.payload}
      permissions={initPageResult.permissions}
      req={req}
      searchParams={searchParams}
      user={req.user}
      visibleEntities={initPageResult.visibleEntities}
    >
      <SetStepNav nav={steps} />
      <Gutter className={className}>{content}</Gutter>
    </DefaultTemplate>
  )
}
