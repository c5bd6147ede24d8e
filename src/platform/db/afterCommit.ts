import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'

/**
 * Work that must wait until a transaction's writes are visible to every reader. Payload runs a
 * collection's or global's afterChange hooks inside the operation's transaction, before its commit:
 * a cached read expired there can be read again from the database, still without the edit, and
 * kept as fresh (`hooks/revalidateContent.ts` expires its tag once more after the commit).
 */

type TransactionID = string | number

const waiting = new Map<TransactionID, Array<() => void>>()

/**
 * Queues `work` for when the request's transaction commits; answers false (and does nothing) when
 * the request has no transaction. A rolled-back transaction drops its work.
 */
export function onCommit(req: Partial<PayloadRequest> | undefined, work: () => void): boolean {
  const id = req?.transactionID
  if (id === undefined || id === null || id instanceof Promise) return false
  const queued = waiting.get(id)
  if (queued) queued.push(work)
  else waiting.set(id, [work])
  return true
}

/** Makes the adapter run each transaction's `onCommit` work once its commit went through. */
export function runCommitWork<A extends BaseDatabaseAdapter>(adapter: A): A {
  const commit = adapter.commitTransaction.bind(adapter)
  const rollback = adapter.rollbackTransaction.bind(adapter)
  adapter.commitTransaction = async (id) => {
    const key = id instanceof Promise ? await id : id
    try {
      await commit(key)
    } catch (error) {
      waiting.delete(key)
      throw error
    }
    const work = waiting.get(key) ?? []
    waiting.delete(key)
    for (const item of work) {
      try {
        item()
      } catch (error) {
        adapter.payload?.logger.error({ err: error, msg: '[db] work after a commit failed' })
      }
    }
  }
  adapter.rollbackTransaction = async (id) => {
    const key = id instanceof Promise ? await id : id
    waiting.delete(key)
    await rollback(key)
  }
  return adapter
}
