import type { UIFieldServerProps } from 'payload'

import { RECALL_VIEW } from '@/features/admin/adminViews'

import { recallQuery, type RecallScope } from '../rules'
import './RecallFromHere.scss'

/**
 * On a saved batch's and a supplier lot's admin page: the recall that starts from it, one tap
 * away, rather than looked for among three years of them in Recall's selects.
 */
export function RecallThisBatch({ id }: UIFieldServerProps) {
  return id == null ? null : <RecallLink scope={{ kind: 'batch', batch: String(id) }} label="Recall this batch" />
}

export function RecallThisLot({ id }: UIFieldServerProps) {
  return id == null ? null : <RecallLink scope={{ kind: 'lot', lot: String(id) }} label="Recall this lot" />
}

function RecallLink({ scope, label }: { scope: RecallScope; label: string }) {
  return (
    <p className="recall-from-here">
      <a href={`${RECALL_VIEW.url}?${recallQuery(scope)}`}>{label}</a>: every order that took its jars, with whom to call or e-mail.
    </p>
  )
}
