import 'server-only'

import type { Payload, Where } from 'payload'

import { roundsInBackground } from '@/platform/background/rounds'
import { runExclusively } from '@/platform/redis/oneInstance'

/**
 * Works one of Payload's job queues (`payload.jobs`) in the background of the server process: right
 * after a job is queued (`runQueueSoon`, called once its transaction has committed) and every few
 * seconds from the server's start (`startQueueWorker`), so a job left by a restart runs without
 * anyone asking.
 *
 * Why not Payload's own `jobs.autoRun` cron: it starts only in a `getPayload({ cron: true })` call,
 * which Next's admin and API routes never make, and it does not keep two instances apart.
 * Payload claims a job by marking it `processing`, but on MongoDB it reads the jobs first and marks
 * them by id without checking the mark again, and `runByID` does not check it at all: two instances
 * starting a round together could both run one job. So a round runs on one instance at a time (the
 * Redis lock shared by the instances, `runExclusively`), and one at a time within the process
 * (`runQueueRound` chains them).
 */

type QueueOptions = {
  /** How long a round may take at most: the lock is given up after it, its holder presumed gone. */
  longestRoundMs: number
  /**
   * A job still marked `processing` this long after its last change was being run by a process
   * that died (Payload leaves the mark until the job ends): it is run again.
   */
  abandonedAfterMs: number
}

const JOBS = 'payload-jobs'
const loops = new Map<string, { soon: () => void }>()
/** Each queue's latest round in this process: a round asked for meanwhile starts after it. */
const latestRounds = new Map<string, Promise<void>>()

/**
 * One round: gives back the jobs a dead process left, then runs what is due, one job after another.
 * A round asked for directly (`workExportsQueue`) while the background loop's round runs waits for
 * it: two rounds at once would both take a job the first marks "left running" and run it twice
 * (the second then fails on the job the first deleted). Across instances, the Redis lock.
 */
export function runQueueRound(payload: Payload, queue: string, options: QueueOptions): Promise<void> {
  const round = async () => {
    await runExclusively(`jobs:${queue}`, options.longestRoundMs, async () => {
      await releaseAbandonedJobs(payload, queue, options.abandonedAfterMs)
      await payload.jobs.run({ queue, sequential: true, silent: { info: true } })
    })
  }
  const next = (latestRounds.get(queue) ?? Promise.resolve()).then(round, round)
  latestRounds.set(queue, next)
  return next
}

/** Starts a round in the background now; a call during a round asks for one more after it. Never throws. */
export function runQueueSoon(payload: Payload, queue: string, options: QueueOptions): void {
  let loop = loops.get(queue)
  if (!loop) {
    loop = roundsInBackground(
      () => runQueueRound(payload, queue, options),
      (error) => payload.logger.error({ err: error, msg: `[jobs:${queue}] a round failed` }),
    )
    loops.set(queue, loop)
  }
  loop.soon()
}

/**
 * Works the queue for as long as the server runs: a round every `periodMs`, the first one
 * `periodMs` after the start, not at once, so the start-up's own work (its first backup, the
 * health check's first write) goes first. (A round at once used to hold SQLite's write lock for the
 * 5 s busy timeout: the job runner's writes outside its transaction, now queued by
 * platform/db/database.ts#queueWritesOutsideTransactions, tests/int/restartAfterDays.int.spec.ts.)
 */
export function startQueueWorker(payload: Payload, queue: string, periodMs: number, options: QueueOptions): void {
  const registry = globalThis as { [key: symbol]: NodeJS.Timeout | undefined }
  const key = Symbol.for(`seamoss.queueWorker.${queue}`)
  if (registry[key]) return
  registry[key] = setInterval(() => runQueueSoon(payload, queue, options), periodMs)
  registry[key].unref()
}

async function releaseAbandonedJobs(payload: Payload, queue: string, abandonedAfterMs: number): Promise<void> {
  const before = new Date(Date.now() - abandonedAfterMs).toISOString()
  const where: Where = { and: [{ queue: { equals: queue } }, { processing: { equals: true } }, { updatedAt: { less_than: before } }] }
  // Counted first: the common case (nothing abandoned) then writes nothing.
  if ((await payload.count({ collection: JOBS, where })).totalDocs === 0) return
  const { docs } = await payload.update({ collection: JOBS, where, data: { processing: false }, depth: 0 })
  if (docs.length) payload.logger.warn(`[jobs:${queue}] ${docs.length} job(s) left running by a stopped server will run again`)
}
