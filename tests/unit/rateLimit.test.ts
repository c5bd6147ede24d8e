import { describe, expect, it } from 'vitest'

import { allowAttempt, allowPhotoBytes, PHOTO_BYTES_PER_DAY } from '@/platform/http/rateLimit'

describe('the form limits', () => {
  it('stop one client after its allowance, while others go on', async () => {
    const results = []
    for (let attempt = 0; attempt < 6; attempt++) results.push(await allowAttempt('contact', '198.51.100.1'))
    expect(results).toEqual([true, true, true, true, true, false])
    expect(await allowAttempt('contact', '198.51.100.2')).toBe(true)
  })

  it('cap what one form takes in a day over all clients, however many addresses send', async () => {
    let allowed = 0
    for (let client = 0; client < 250; client++) if (await allowAttempt('review', `10.1.${Math.floor(client / 250)}.${client % 250}`)) allowed++
    expect(allowed).toBe(200)
  })

  it('cap the photo bytes stored in a day', async () => {
    expect(await allowPhotoBytes(PHOTO_BYTES_PER_DAY - 1000)).toBe(true)
    expect(await allowPhotoBytes(2000)).toBe(false)
    expect(await allowPhotoBytes(1000)).toBe(true)
  })
})
