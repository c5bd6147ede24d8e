import { expect, it } from 'vitest'

import { roundsInBackground } from '@/platform/background/rounds'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

it('runs one round at a time, and one more after it however many calls came meanwhile', async () => {
  const started: number[] = []
  let finish!: () => void
  const rounds = roundsInBackground(
    () => {
      started.push(started.length + 1)
      return new Promise<void>((resolve) => (finish = resolve))
    },
    () => {},
  )
  rounds.soon()
  rounds.soon()
  rounds.soon()
  await tick()
  expect(started).toEqual([1])
  finish()
  await tick()
  expect(started).toEqual([1, 2])
  finish()
  await tick()
  expect(started).toEqual([1, 2])
  rounds.soon()
  await tick()
  expect(started).toEqual([1, 2, 3])
  finish()
})

it('hands a failed round to onError and starts the next one on the next call', async () => {
  const errors: unknown[] = []
  let calls = 0
  const rounds = roundsInBackground(async () => {
    calls += 1
    if (calls === 1) throw new Error('mail server away')
  }, (error) => errors.push(error))
  expect(() => rounds.soon()).not.toThrow()
  await tick()
  expect(errors).toEqual([new Error('mail server away')])
  rounds.soon()
  await tick()
  expect(calls).toBe(2)
  expect(errors).toHaveLength(1)
})
