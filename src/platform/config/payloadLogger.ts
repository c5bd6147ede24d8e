import { type Config, defaultLoggerOptions } from 'payload'

type LoggerConfig = Extract<NonNullable<Config['logger']>, { options: unknown }>
type LogMethodHook = NonNullable<NonNullable<LoggerConfig['options']['hooks']>['logMethod']>

const ERROR_LEVEL = 50
const UNAUTHORIZED = 401

/**
 * Payload logs an error its API answers at the level its `loggingLevels` give the error's class by
 * name (Forbidden, NotFound, ValidationError… at info: the client's mistake, not the site's). The
 * production build minifies class names ("i"), so there every 403 and 404 a visitor or a bot met
 * came out as an ERROR with its stack (payloadcms/payload#13645; the fix, PR #14375, is not
 * released). Until it is: such an error, a public one with a 4xx status that Payload logs alone
 * (`{ err }`, no message of ours), is logged at info with its message, as Payload logs it by name.
 * A failed sign-in (401) stays an error, as Payload keeps it; errors of ours carry a message.
 */
export const clientMistakesAsInfo: LogMethodHook = function (args, method, level) {
  const [entry] = args as unknown[]
  if (level >= ERROR_LEVEL && args.length === 1 && isClientMistake(entry)) return this.info(entry.err.message)
  return method.apply(this, args)
}

function isClientMistake(entry: unknown): entry is { err: Error } {
  if (typeof entry !== 'object' || entry === null || Object.keys(entry).length !== 1 || !('err' in entry)) return false
  const { err } = entry
  if (!(err instanceof Error)) return false
  const { isPublic, status } = err as Error & { isPublic?: unknown; status?: unknown }
  return isPublic === true && typeof status === 'number' && status >= 400 && status < 500 && status !== UNAUTHORIZED
}

/**
 * Payload's own logger (its pretty output on stdout), with the hook above. Given options, Payload
 * names the logger "payload", which its output would then print on every line: bindings left out,
 * the lines read as before (the process id and host were never printed).
 */
export const payloadLogger = (): LoggerConfig => ({
  options: { hooks: { logMethod: clientMistakesAsInfo }, formatters: { bindings: () => ({}) } },
  destination: defaultLoggerOptions,
})
