import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import { onCommit, runCommitWork } from '@/platform/db/afterCommit'

/** An adapter whose commits and rollbacks are recorded in `events`, in order. */
function fakeAdapter(events: string[], failCommit = false) {
  const adapter = {
    commitTransaction: async (id: string) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (failCommit) throw new Error('disk full')
      events.push(`commit ${id}`)
    },
    rollbackTransaction: async (id: string) => {
      events.push(`rollback ${id}`)
    },
  } as unknown as BaseDatabaseAdapter
  return runCommitWork(adapter)
}

const requestIn = (transactionID?: string) => ({ transactionID }) as Partial<PayloadRequest>

describe('work after a commit', () => {
  it('runs once the transaction committed, not before, and once only', async () => {
    const events: string[] = []
    const adapter = fakeAdapter(events)
    expect(onCommit(requestIn('t1'), () => events.push('expire'))).toBe(true)
    expect(events).toEqual([])
    await adapter.commitTransaction('t1')
    expect(events).toEqual(['commit t1', 'expire'])
    await adapter.commitTransaction('t1')
    expect(events).toEqual(['commit t1', 'expire', 'commit t1'])
  })

  it('belongs to its own transaction', async () => {
    const events: string[] = []
    const adapter = fakeAdapter(events)
    onCommit(requestIn('a'), () => events.push('after a'))
    onCommit(requestIn('b'), () => events.push('after b'))
    await adapter.commitTransaction('b')
    expect(events).toEqual(['commit b', 'after b'])
  })

  it('is dropped when the transaction rolls back or its commit fails', async () => {
    const events: string[] = []
    const adapter = fakeAdapter(events)
    onCommit(requestIn('r'), () => events.push('after r'))
    await adapter.rollbackTransaction('r')
    await adapter.commitTransaction('r')
    expect(events).toEqual(['rollback r', 'commit r'])

    const failing = fakeAdapter(events, true)
    onCommit(requestIn('f'), () => events.push('after f'))
    await expect(failing.commitTransaction('f')).rejects.toThrow('disk full')
    await adapter.commitTransaction('f')
    expect(events).not.toContain('after f')
  })

  it('is refused without a transaction: the caller has nothing to wait for', () => {
    const events: string[] = []
    expect(onCommit(requestIn(undefined), () => events.push('x'))).toBe(false)
    expect(onCommit(undefined, () => events.push('x'))).toBe(false)
    expect(events).toEqual([])
  })
})
