/** A count with its noun, as the site words amounts: "1 label", "3 labels", "42,685 e-mails". */
export const counted = (count: number, noun: string, plural = `${noun}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`

/** How often each item comes, in the order each first came: ['berry', 'mango', 'berry'] → berry 2, mango 1. */
export function tally<T>(items: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return counts
}
