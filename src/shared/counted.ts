/** A count with its noun, as the site words amounts: "1 label", "3 labels", "12 customers". */
export const counted = (count: number, noun: string, plural = `${noun}s`) => `${count} ${count === 1 ? noun : plural}`
