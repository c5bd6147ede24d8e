import type { ComponentType } from 'react'

import { sellerNotices } from '../notices'
import { SELLER_PATHS, signInPath } from '../paths'
import type { AddOrderRefusedReason, ProblemProps, SellerProblem } from '../screenData'

import { SellerFrame } from './SellerFrame'
import { SellerHead } from './SellerHead'

type Link = { href: string; label: string }

const REFUSED: Record<AddOrderRefusedReason, { message: string; link: Link }> = {
  'other-site': { message: sellerNotices.otherSite, link: { href: SELLER_PATHS.addOrder, label: sellerNotices.backToAddOrder } },
  'not-an-admin': { message: sellerNotices.notAnAdmin, link: { href: signInPath(SELLER_PATHS.addOrder), label: sellerNotices.signInAsAdmin } },
  'bad-form': { message: sellerNotices.badForm, link: { href: SELLER_PATHS.addOrder, label: sellerNotices.backToAddOrder } },
  'too-large': { message: sellerNotices.tooLarge, link: { href: SELLER_PATHS.addOrder, label: sellerNotices.backToAddOrder } },
}

function wordsOf(problem: SellerProblem): { title: string; message: string; link: Link } {
  switch (problem.kind) {
    case 'unavailable':
      return { title: sellerNotices.unavailableTitle, message: sellerNotices.unavailable, link: { href: problem.retry, label: sellerNotices.tryAgain } }
    case 'unconfirmed':
      return { title: sellerNotices.unconfirmedTitle, message: sellerNotices.unconfirmed, link: { href: SELLER_PATHS.newOrders, label: sellerNotices.openNew } }
    case 'refused':
      return { title: sellerNotices.refusedTitle, ...REFUSED[problem.reason] }
  }
}

/**
 * What a page of the daily screen shows when it cannot show its screen (`screenData.ts#SellerProblem`):
 * in the screen's own frame and look, what happened in plain words and the one thing to do next.
 * The page's status (503, 403, 400, 413) is set by its server side.
 */
export function ProblemPage({ problem }: ProblemProps) {
  const { title, message, link } = wordsOf(problem)
  return (
    <>
      <SellerHead title={title} />
      {/* The count of new orders is part of what did not load. */}
      <SellerFrame newOrders={0} notice={null}>
        <h1>{title}</h1>
        <p className="problem">{message}</p>
        <a className="button button--primary problem__next" href={link.href}>
          {link.label}
        </a>
      </SellerFrame>
    </>
  )
}

const isProblem = (props: object): props is ProblemProps => 'problem' in props

/** A page of the daily screen: its screen, or the problem page when its server side gave one. */
export function orProblemPage<Props extends object>(Page: ComponentType<Props>) {
  return function SellerPage(props: Props | ProblemProps) {
    return isProblem(props) ? <ProblemPage problem={props.problem} /> : <Page {...(props as Props)} />
  }
}
