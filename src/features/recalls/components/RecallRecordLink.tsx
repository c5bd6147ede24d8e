import type { UIFieldServerProps } from 'payload'

import { RECALL_RECORD_VIEW } from '@/features/admin/adminViews'

/** On a recall's admin page: the way to its record (who was told, whose e-mail failed, who confirmed). */
export function RecallRecordLink({ id }: UIFieldServerProps) {
  if (id == null) return null
  return (
    <p>
      <a href={RECALL_RECORD_VIEW.url(id)}>Open this recall’s record: who was told, whose e-mail failed, who confirmed</a>
    </p>
  )
}
