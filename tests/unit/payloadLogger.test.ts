import { APIError, AuthenticationError, Forbidden, NotFound } from 'payload'
import { describe, expect, it } from 'vitest'

import { clientMistakesAsInfo } from '@/platform/config/payloadLogger'

const ERROR = 50
const INFO = 30

/** What the hook makes of one call: the level it logs at, and what. */
function logged(args: unknown[], level = ERROR): { level: 'info' | 'as called'; args: unknown[] } {
  const calls: { level: 'info' | 'as called'; args: unknown[] }[] = []
  const logger = { info: (...infoArgs: unknown[]) => calls.push({ level: 'info', args: infoArgs }) }
  const method = (...methodArgs: unknown[]) => calls.push({ level: 'as called', args: methodArgs })
  ;(clientMistakesAsInfo as (this: unknown, args: unknown[], method: unknown, level: number) => void).call(logger, args, method, level)
  expect(calls).toHaveLength(1)
  return calls[0]
}

/** As the production build leaves Payload's errors: their class names minified. */
const minified = <T extends Error>(error: T): T => Object.defineProperty(error, 'name', { value: 'i' })

describe("Payload's logger", () => {
  it("logs the errors Payload answers for a client's mistake at info, with their message, whatever their class is called", () => {
    expect(logged([{ err: minified(new Forbidden()) }])).toEqual({ level: 'info', args: ['You are not allowed to perform this action.'] })
    expect(logged([{ err: minified(new NotFound()) }])).toEqual({ level: 'info', args: ['Not Found'] })
    expect(logged([{ err: new APIError('The limit or page in the query is not one a list can have.', 400) }])).toEqual({ level: 'info', args: ['The limit or page in the query is not one a list can have.'] })
  })

  it('keeps as errors a failed sign-in, a server error, a private error, and errors logged with a message of ours', () => {
    const forbidden = minified(new Forbidden())
    for (const args of [
      [{ err: minified(new AuthenticationError()) }],
      [{ err: new APIError('Something broke', 500) }],
      [{ err: new APIError('Kept from the client', 400, null, false) }],
      [{ err: new Error('plain') }],
      [{ err: forbidden, msg: '[seller] the refill failed' }],
      ['a message alone'],
    ]) {
      expect(logged(args)).toEqual({ level: 'as called', args })
    }
    // Below error, nothing changes.
    expect(logged([{ err: forbidden }], INFO)).toEqual({ level: 'as called', args: [{ err: forbidden }] })
  })
})
