/** A relationship's id, whether Payload returned the id itself or the populated document; null when empty. */
export const relationId = <Id extends number | string>(relation: Id | { id: Id } | null | undefined): Id | null =>
  relation == null ? null : typeof relation === 'object' ? relation.id : relation
