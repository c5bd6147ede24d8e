import type { UIFieldServerProps } from 'payload'

import { RECALL_RECORD_VIEW } from '@/features/admin/adminViews'
import type { Order } from '@/payload-types'
import { relationId } from '@/shared/relation'

import './RecallView.scss'

/** At the top of an order a recall holds: not to be handed over, the recall's record, and how to release it. */
export function HeldByRecall({ data }: UIFieldServerProps) {
  const recall = relationId((data as Order | undefined)?.heldByRecall ?? null)
  if (recall == null) return null
  return (
    <p className="recall-held" role="alert" data-testid="order-held">
      <strong>HELD — recall.</strong> Its jars were recalled: do not hand this order over. <a href={RECALL_RECORD_VIEW.url(recall)}>The recall’s record</a>. To release it,
      empty “HELD — recall” and say why in the note under it.
    </p>
  )
}
