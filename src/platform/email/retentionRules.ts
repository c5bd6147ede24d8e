/**
 * How long a sent e-mail keeps its text (`platform/email/retention.ts` removes it), pure so the
 * Operations settings (`globals/Operations.ts`) and the round share one rule.
 */

/** A fresh site keeps a sent e-mail's text this long; the seller changes it in Admin → Operations. */
export const DEFAULT_BODY_RETENTION_DAYS = 90
/** Long enough to answer a customer who asks about last week's e-mail; at most ten years. */
export const MIN_BODY_RETENTION_DAYS = 7
export const MAX_BODY_RETENTION_DAYS = 3650

/** How often the server looks for e-mails whose text is due to go. */
export const BODY_RETENTION_ROUND_MS = 60 * 60 * 1000

/**
 * E-mails emptied per transaction. Each batch holds SQLite's only write lock for a few tens of
 * milliseconds, so an order arriving meanwhile waits about that long, never seconds.
 */
export const PRUNE_BATCH_SIZE = 200
/** The pause between two batches: the orders queued behind one batch go before the next. */
export const PRUNE_PAUSE_MS = 50

/**
 * SQLite: free pages given back to the disk per step of `PRAGMA incremental_vacuum` (4 KiB pages:
 * 1 MiB, a few tens of milliseconds of write lock here).
 */
export const VACUUM_PAGES_PER_STEP = 256

/**
 * SQLite: a database file this small or smaller is switched to incremental vacuuming at once (a
 * full VACUUM rewrites the file; about 30 ms per MB on the project's 2-core machine, so under a
 * quarter of a second here). A fresh site's file is a few MB. A larger one made before this switch
 * reuses its freed pages for new records and is switched by hand once (docs/OPERATIONS.md).
 */
export const SWITCH_TO_INCREMENTAL_MAX_BYTES = 8 * 1024 * 1024

/**
 * A batch opening's e-mail to the list (`about` "batch:<id>") is the same letter to everyone, with
 * no order behind it: it is kept whole this long ("did you get it?"), or the retention if shorter,
 * then removed, envelope and all. At 50,000 orders they were 340,000 of 566,000 e-mails; kept for
 * the 90 days of the others, the ten openings of a season held 140 MB of text.
 */
export const LIST_EMAIL_KEEP_DAYS = 14
const LIST_EMAIL_ABOUT = 'batch:'
/** What a batch opening's e-mail to the list is about (the batch clock writes it; the retention finds it by it). */
export const listEmailAbout = (batchId: number | string) => `${LIST_EMAIL_ABOUT}${batchId}`
/**
 * The `about` values that start with "batch:", as a range both databases compare as text (Payload
 * has no starts-with; `like` is "contains", which would also take an "…:batch:7" of another kind).
 */
export const LIST_EMAIL_ABOUT_RANGE = { from: LIST_EMAIL_ABOUT, to: `${LIST_EMAIL_ABOUT.slice(0, -1)}${String.fromCharCode(LIST_EMAIL_ABOUT.charCodeAt(LIST_EMAIL_ABOUT.length - 1) + 1)}` }

export const cutoffFor = (now: Date, retentionDays: number) => new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000)
export const listEmailDays = (retentionDays: number) => Math.min(LIST_EMAIL_KEEP_DAYS, retentionDays)
