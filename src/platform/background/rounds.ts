/**
 * Background work done in rounds, one at a time within the process: `soon()` starts a round now,
 * or, while one runs, asks for exactly one more after it (however many calls came meanwhile), so
 * work queued during a round is picked up at once rather than at the next period. `soon()` never
 * waits and never throws: a failed round goes to `onError` and the next call starts another.
 * The outbox's deliveries and the job queues' rounds use it.
 */
export function roundsInBackground(round: () => Promise<unknown>, onError: (error: unknown) => void): { soon: () => void } {
  let running = false
  let again = false
  return {
    soon() {
      if (running) {
        again = true
        return
      }
      running = true
      void (async () => {
        do {
          again = false
          try {
            await round()
          } catch (error) {
            onError(error)
          }
        } while (again)
        running = false
      })()
    },
  }
}
