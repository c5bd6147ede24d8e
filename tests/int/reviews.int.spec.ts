import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { postReview } from '@/features/reviews/actions'
import { idleState } from '@/shared/forms/formState'
import { reviewNotices } from '@/features/reviews/notices'
import { formNotices } from '@/shared/notices'
import { publishedRatingSummary } from '@/features/reviews/ratingSummary'
import { REVIEWS_PER_PAGE } from '@/features/reviews/rules'
import { findPublishedReviews, submitReview } from '@/features/reviews/service'
import { summarizeRatings } from '@/features/reviews/summary'
import { databaseKind } from '@/platform/db/database'
import type { Media, Review } from '@/payload-types'
import * as reviewPhotoShownMigration from '@/migrations/20261126_092822_review_photo_shown'

import { rest, startPayload, type TestPayload } from '../helpers/payload'

// The server action runs outside Next here: its request headers and Payload client are the test's.
const context = vi.hoisted(() => ({ ip: '203.0.113.1', payload: undefined as Payload | undefined }))
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': context.ip }) }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload }))

const MB = 1024 * 1024
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-media-'))

let app: TestPayload
let payload: Payload
let nextIp = 1

/** Each action call posts from its own address, so the per-client limit does not get in the way. */
const newClient = () => {
  context.ip = `198.51.100.${nextIp++}`
}

beforeAll(async () => {
  app = await startPayload({ MEDIA_DIR: mediaDir })
  payload = app.payload
  context.payload = payload
})

afterAll(async () => {
  await app?.cleanup()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

beforeEach(async () => {
  await payload.delete({ collection: 'reviews', where: { id: { exists: true } } })
  await payload.delete({ collection: 'media', where: { id: { exists: true } } })
  await payload.updateGlobal({ slug: 'site-settings', data: { holdReviewsForApproval: false } })
})

// ---- fixtures --------------------------------------------------------------------------------

const review = (data: Partial<Review> = {}) =>
  payload.create({ collection: 'reviews', data: { name: 'Ann', rating: 5, comment: 'Lovely gel', status: 'published', ...data } })

const image = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 160 } } })

/** A camera-like JPEG: GPS coordinates and a "rotate 90°" orientation in its EXIF. */
const jpegWithGps = (width = 200, height = 100) =>
  image(width, height)
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 20/1 0/1' } } })
    .toBuffer()

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
)

function reviewForm(fields: Record<string, string> = {}, photo?: File): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries({ name: 'Dee', rating: '5', comment: 'So smooth', ...fields })) form.set(name, value)
  if (photo) form.set('photo', photo)
  return form
}

async function post(form: FormData) {
  newClient()
  return postReview(idleState, form)
}

const mediaCount = async () => (await payload.count({ collection: 'media' })).totalDocs
const reviewCount = async () => (await payload.count({ collection: 'reviews' })).totalDocs

async function storedPhoto(review: Review): Promise<Media> {
  const id = typeof review.image === 'object' ? review.image?.id : review.image
  return payload.findByID({ collection: 'media', id: id! })
}

// ---- reading ---------------------------------------------------------------------------------

describe('the average and the count', () => {
  it('are 0 when there are no reviews', async () => {
    expect(await publishedRatingSummary(payload)).toEqual({ average: 0, count: 0 })
  })

  it('are the rating of a single review', async () => {
    await review({ rating: 4 })
    expect(await publishedRatingSummary(payload)).toEqual({ average: 4, count: 1 })
  })

  it('average several reviews to one decimal, leaving out hidden and pending ones', async () => {
    for (const rating of [5, 4, 4]) await review({ rating })
    await review({ rating: 1, status: 'hidden' })
    await review({ rating: 1, status: 'pending' })
    expect(await publishedRatingSummary(payload)).toEqual({ average: 4.3, count: 3 })
  })

  it('are what averaging every published review in JavaScript gave, from the database', async () => {
    const statuses = ['published', 'published', 'pending', 'published', 'hidden'] as const
    const ratings = [5, 5, 4, 3, 5, 1, 4, 2, 5]
    // 60 reviews, their ratings spread unevenly, a fifth of them hidden and a fifth pending.
    for (let n = 0; n < 60; n++) await review({ rating: ratings[n % ratings.length], status: statuses[n % statuses.length] })
    // The old page's way: read every published rating through Payload and average them.
    const { docs } = await payload.find({ collection: 'reviews', where: { status: { equals: 'published' } }, pagination: false, depth: 0 })
    const expected = summarizeRatings(docs.map((listed) => listed.rating))
    expect(expected.count).toBe(36)
    expect(await publishedRatingSummary(payload)).toEqual(expected)
  })

  // Runs where DATABASE_URI points at MongoDB (`DATABASE_URI=mongodb://… npm run test:int`); CI runs SQLite.
  it.runIf(databaseKind(process.env.DATABASE_URI ?? '') === 'mongodb')('come from the aggregation pipeline on MongoDB', async () => {
    for (const rating of [5, 4, 2]) await review({ rating })
    await review({ rating: 1, status: 'hidden' })
    const reviews = (payload.db as unknown as { collections: Record<string, { aggregate: (...args: unknown[]) => unknown }> }).collections.reviews
    const aggregate = vi.spyOn(reviews, 'aggregate')
    expect(await publishedRatingSummary(payload)).toEqual({ average: 3.7, count: 3 })
    expect(aggregate).toHaveBeenCalledOnce()
  })
})

describe('the list', () => {
  it('shows published reviews only, newest first', async () => {
    await review({ name: 'Oldest', createdAt: '2025-01-01T10:00:00.000Z' })
    await review({ name: 'Newest', createdAt: '2025-03-01T10:00:00.000Z' })
    await review({ name: 'Middle', createdAt: '2025-02-01T10:00:00.000Z' })
    await review({ name: 'Hidden', status: 'hidden', createdAt: '2025-04-01T10:00:00.000Z' })
    expect((await findPublishedReviews(payload)).reviews.map((listed) => listed.name)).toEqual(['Newest', 'Middle', 'Oldest'])
  })

  it(`comes ${REVIEWS_PER_PAGE} to a page, newest first, each review on one page only, and says when an older page follows`, async () => {
    const total = 2 * REVIEWS_PER_PAGE + 5
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString()
    for (let n = 0; n < total; n++) {
      // Two reviews in the same millisecond now and then; a hidden one between them.
      await review({ name: `Review ${n}`, createdAt: day(n - (n % 9 === 1 ? 1 : 0)) })
      if (n % 10 === 0) await review({ name: `Hidden ${n}`, status: 'hidden', createdAt: day(n) })
    }
    const pages = await Promise.all([1, 2, 3, 4].map((page) => findPublishedReviews(payload, page)))
    expect(pages.map((page) => [page.reviews.length, page.hasNextPage])).toEqual([
      [REVIEWS_PER_PAGE, true],
      [REVIEWS_PER_PAGE, true],
      [5, false],
      [0, false],
    ])
    const listed = pages.flatMap((page) => page.reviews)
    const newestFirst = [...listed].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    expect(listed.map((card) => card.name)).toEqual(newestFirst.map((card) => card.name))
    expect(new Set(listed.map((card) => card.name)).size).toBe(total)
    expect(listed.every((card) => card.name.startsWith('Review'))).toBe(true)
    expect(pages[0].reviews[0].name).toBe(`Review ${total - 1}`)
  })

  it('carries only what a card shows', async () => {
    await review({ name: 'Bea', rating: 4, comment: 'Nice', verifiedBuyer: true })
    const [card] = (await findPublishedReviews(payload)).reviews
    expect(Object.keys(card).sort()).toEqual(['comment', 'createdAt', 'id', 'name', 'photo', 'rating', 'verifiedBuyer'])
    expect(card).toMatchObject({ name: 'Bea', rating: 4, comment: 'Nice', verifiedBuyer: true, photo: null })
  })
})

// ---- posting ---------------------------------------------------------------------------------

describe('posting a review', () => {
  it('publishes it at once with the spec message, and lists it first', async () => {
    await review({ name: 'Earlier', createdAt: '2025-01-01T10:00:00.000Z' })
    const result = await post(reviewForm({ name: ' Dee ', rating: '4', comment: 'So smooth' }))
    expect(result).toEqual({ status: 'success', message: reviewNotices.submitted })
    const [first] = (await findPublishedReviews(payload)).reviews
    expect(first).toMatchObject({ name: 'Dee', rating: 4, comment: 'So smooth', photo: null })
    expect((await payload.findByID({ collection: 'reviews', id: first.id })).status).toBe('published')
  })

  it.each([
    ['an empty name', { name: '  ' }, reviewNotices.missingField('name')],
    ['an empty comment', { comment: '' }, reviewNotices.missingField('comment')],
    ['a rating of 0', { rating: '0' }, reviewNotices.ratingRequired],
    ['a rating of 6', { rating: '6' }, reviewNotices.ratingRequired],
    ['a rating of 4.5', { rating: '4.5' }, reviewNotices.ratingRequired],
    ['a rating that is not a number', { rating: 'five' }, reviewNotices.ratingRequired],
    ['no rating', { rating: '' }, reviewNotices.ratingRequired],
    ['a name over 80 characters', { name: 'x'.repeat(81) }, formNotices.tooLong('name', 80)],
  ])('refuses %s and keeps what was typed', async (_case, fields, message) => {
    const result = await post(reviewForm(fields))
    expect(result.status).toBe('error')
    expect(result.message).toEqual(message)
    expect(result.values).toMatchObject({ ...fields })
    expect(await reviewCount()).toBe(0)
  })

  it('refuses a bad rating in the service as well, without the form', async () => {
    const result = await submitReview(payload, { name: 'Dee', rating: 9, comment: 'Hi' })
    expect(result).toEqual({ ok: false, message: reviewNotices.ratingRequired })
  })

  it('answers a filled honeypot as if it worked, and stores nothing', async () => {
    const form = reviewForm()
    form.set('website', 'https://spam.example')
    expect((await post(form)).status).toBe('success')
    expect(await reviewCount()).toBe(0)
  })

  it('limits how often one client may post', async () => {
    context.ip = '192.0.2.99'
    const results = []
    for (let attempt = 0; attempt < 6; attempt++) results.push(await postReview(idleState, reviewForm({ comment: `Review number ${attempt}` })))
    expect(results.slice(0, 5).every((result) => result.status === 'success')).toBe(true)
    expect(results[5].message).toEqual(formNotices.rateLimited)
    expect(await reviewCount()).toBe(5)
  })

  it('stores one review for one submission key posted twice, or the same form posted twice without JavaScript', async () => {
    const keyed = reviewForm({ comment: 'Posted twice by a double click', submissionKey: 'b1946ac9-2c4f-4c3e-9f3e-2a6d1f5c0e11' })
    expect(await post(keyed)).toMatchObject({ status: 'success' })
    expect(await postReview(idleState, keyed)).toMatchObject({ status: 'success' })
    const unkeyed = reviewForm({ comment: 'Posted twice without a script' })
    expect(await postReview(idleState, unkeyed)).toMatchObject({ status: 'success' })
    expect(await postReview(idleState, unkeyed)).toMatchObject({ status: 'success' })
    for (const comment of ['Posted twice by a double click', 'Posted twice without a script']) {
      expect((await app.payload.count({ collection: 'reviews', where: { comment: { equals: comment } } })).totalDocs).toBe(1)
    }
  })

  it('cannot be done anonymously through the REST API', async () => {
    const { status } = await rest(app.config, 'POST', '/reviews', { body: { name: 'Eve', rating: 5, comment: 'Spam', status: 'published' } })
    expect(status).toBeGreaterThanOrEqual(400)
    expect(await reviewCount()).toBe(0)
  })
})

// ---- the photo -------------------------------------------------------------------------------

describe('a review photo', () => {
  it('is stored without EXIF or GPS, turned upright, named by time, at its public URL', async () => {
    const camera = await jpegWithGps(200, 100)
    const before = await sharp(camera).metadata()
    expect(before.exif?.includes(Buffer.from('PhoneCam'))).toBe(true)
    expect(before.orientation).toBe(6)

    const result = await post(reviewForm({}, new File([new Uint8Array(camera)], 'IMG_0001.jpg', { type: 'image/jpeg' })))
    expect(result.status).toBe('success')

    const [listed] = (await findPublishedReviews(payload)).reviews
    const photo = await storedPhoto(await payload.findByID({ collection: 'reviews', id: listed.id }))
    expect(photo.filename).toMatch(/^\d{13}\.jpg$/)
    expect(photo.mimeType).toBe('image/jpeg')
    expect(photo.url).toBe(`/api/media/file/${photo.filename}`)
    // The list shows it by its URL, with its size and description.
    expect(listed.photo).toEqual({ url: photo.url, alt: 'Photo from Dee', width: photo.width, height: photo.height })

    const stored = await sharp(path.join(mediaDir, photo.filename!)).metadata()
    expect(stored.exif).toBeUndefined()
    expect(stored.xmp).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    // Rotated by its EXIF orientation, then the orientation tag dropped.
    expect([stored.width, stored.height]).toEqual([100, 200])
    expect(fs.readFileSync(path.join(mediaDir, photo.filename!)).includes(Buffer.from('PhoneCam'))).toBe(false)
  })

  it('is scaled down to 2000 px on its longest side', async () => {
    const large = await image(3000, 1200).png().toBuffer()
    const result = await submitReview(payload, { name: 'Dee', rating: 5, comment: 'Big photo', photo: large })
    expect(result.ok).toBe(true)
    const photo = await storedPhoto((result as { review: Review }).review)
    expect([photo.width, photo.height, photo.mimeType]).toEqual([2000, 800, 'image/png'])
  })

  it('is refused over 10 MB, with a clear message', async () => {
    const jpeg = await image().jpeg().toBuffer()
    const elevenMb = Buffer.concat([jpeg, Buffer.alloc(11 * MB - jpeg.length)])
    const result = await post(reviewForm({}, new File([new Uint8Array(elevenMb)], 'big.jpg', { type: 'image/jpeg' })))
    expect(result).toMatchObject({ status: 'error', message: reviewNotices.photoTooLarge })
    // The service enforces it too, for any caller.
    expect(await submitReview(payload, { name: 'Dee', rating: 5, comment: 'Hi', photo: elevenMb })).toEqual({
      ok: false,
      message: reviewNotices.photoTooLarge,
    })
    expect([await reviewCount(), await mediaCount()]).toEqual([0, 0])
  })

  it.each([
    ['an SVG with a script', SVG_WITH_SCRIPT, 'smile.svg', 'image/svg+xml'],
    ['an SVG with a script, named .png', SVG_WITH_SCRIPT, 'smile.png', 'image/png'],
    ['a text file named .png', Buffer.from('just some text, not a picture\n'), 'notes.png', 'image/png'],
    ['an HTML page named .jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.jpg', 'image/jpeg'],
    ['a PNG signature followed by junk', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]), 'broken.png', 'image/png'],
  ])('is refused when it is %s', async (_case, bytes, name, type) => {
    const result = await post(reviewForm({}, new File([new Uint8Array(bytes)], name, { type })))
    expect(result).toMatchObject({ status: 'error', message: reviewNotices.photoUnsupported })
    expect([await reviewCount(), await mediaCount()]).toEqual([0, 0])
  })

  it('accepts WebP and GIF (stored as PNG)', async () => {
    for (const [bytes, mimeType] of [
      [await image().webp().toBuffer(), 'image/webp'],
      [await image().gif().toBuffer(), 'image/png'],
    ] as const) {
      const result = await submitReview(payload, { name: 'Dee', rating: 5, comment: 'Hi', photo: bytes })
      expect(result.ok).toBe(true)
      expect((await storedPhoto((result as { review: Review }).review)).mimeType).toBe(mimeType)
    }
  })

  it('is visible to visitors only while its review is published', async () => {
    const { review: posted } = (await submitReview(payload, { name: 'Dee', rating: 5, comment: 'Hi', photo: await image().jpeg().toBuffer() })) as {
      review: Review
    }
    const photo = await storedPhoto(posted)
    const fileStatus = async () => (await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status
    expect(await fileStatus()).toBe(200)
    expect((await rest(app.config, 'GET', '/media')).json.totalDocs).toBe(1)

    await payload.update({ collection: 'reviews', id: posted.id, data: { status: 'hidden' } })
    expect(await fileStatus()).toBe(403)
    expect((await rest(app.config, 'GET', '/media')).json.totalDocs).toBe(0)
  })

  it('is deleted, file and all, with its review', async () => {
    const { review: posted } = (await submitReview(payload, { name: 'Dee', rating: 5, comment: 'Hi', photo: await image().jpeg().toBuffer() })) as {
      review: Review
    }
    const photo = await storedPhoto(posted)
    expect(fs.existsSync(path.join(mediaDir, photo.filename!))).toBe(true)

    await payload.delete({ collection: 'reviews', id: posted.id })
    expect(await mediaCount()).toBe(0)
    expect(fs.existsSync(path.join(mediaDir, photo.filename!))).toBe(false)
  })

  it('is deleted when the seller removes it from its review', async () => {
    const { review: posted } = (await submitReview(payload, { name: 'Dee', rating: 5, comment: 'Hi', photo: await image().jpeg().toBuffer() })) as {
      review: Review
    }
    await payload.update({ collection: 'reviews', id: posted.id, data: { image: null } })
    expect(await mediaCount()).toBe(0)
  })

  it('posted twice at once with one submission key is stored once, leaving no stray file', async () => {
    const key = 'review:3f0c8e52-7d1a-4b8e-9a51-0c6f2d9e4b17'
    const photo = await image(300, 200).jpeg().toBuffer()
    const answers = await Promise.all([1, 2, 3].map(() => submitReview(payload, { name: 'Dee', rating: 5, comment: 'Double tap', photo }, key)))
    expect(answers.every((answer) => answer.ok)).toBe(true)
    expect(await reviewCount()).toBe(1)
    expect(await mediaCount()).toBe(1)
    const [kept] = (await payload.find({ collection: 'media' })).docs
    const keptFiles = [kept.filename, kept.sizes?.thumbnail?.filename].filter(Boolean).sort()
    expect(fs.readdirSync(mediaDir).sort()).toEqual(keptFiles)
  })
})

// ---- moderation ------------------------------------------------------------------------------

describe('holding reviews for approval', () => {
  it('hides a new review, and its photo, until the seller publishes it', async () => {
    await payload.updateGlobal({ slug: 'site-settings', data: { holdReviewsForApproval: true } })
    const camera = await jpegWithGps()
    const result = await post(reviewForm({ name: 'Held' }, new File([new Uint8Array(camera)], 'held.jpg', { type: 'image/jpeg' })))
    expect(result).toEqual({ status: 'success', message: reviewNotices.heldForApproval })

    const [held] = (await payload.find({ collection: 'reviews', where: { name: { equals: 'Held' } } })).docs
    expect(held.status).toBe('pending')
    expect((await findPublishedReviews(payload)).reviews).toEqual([])
    expect(await publishedRatingSummary(payload)).toEqual({ average: 0, count: 0 })
    const photo = await storedPhoto(held)
    expect((await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status).toBe(403)

    await payload.update({ collection: 'reviews', id: held.id, data: { status: 'published' } })
    expect((await findPublishedReviews(payload)).reviews.map((listed) => listed.name)).toEqual(['Held'])
    expect(await publishedRatingSummary(payload)).toEqual({ average: 5, count: 1 })
    expect((await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status).toBe(200)
    expect((await rest(app.config, 'GET', `/media/${photo.id}`)).status).toBe(200)

    // Hidden again by the seller: the photo is private again, its file and its record.
    await payload.update({ collection: 'reviews', id: held.id, data: { status: 'hidden' } })
    expect((await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status).toBe(403)
    expect((await rest(app.config, 'GET', `/media/${photo.id}`)).status).toBe(404)
    // A seller's edit of the review that leaves it hidden changes nothing.
    await payload.update({ collection: 'reviews', id: held.id, data: { comment: 'Edited by the seller.' } })
    expect((await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status).toBe(403)
  })

  it.runIf(databaseKind() === 'sqlite')('marks the photos of reviews published before the mark existed (the migration)', async () => {
    const camera = await jpegWithGps()
    await post(reviewForm({ name: 'Before the mark' }, new File([new Uint8Array(camera)], 'before.jpg', { type: 'image/jpeg' })))
    const [review] = (await payload.find({ collection: 'reviews', where: { name: { equals: 'Before the mark' } } })).docs
    await payload.update({ collection: 'reviews', id: review.id, data: { status: 'published' } })
    const photo = await storedPhoto(review)
    const db = (payload.db as unknown as SQLiteAdapter).drizzle
    const args = { db, payload, req: {} } as unknown as Parameters<typeof reviewPhotoShownMigration.up>[0]
    // The schema before the mark, then the migration: the published review's photo is shown.
    await reviewPhotoShownMigration.down(args)
    await reviewPhotoShownMigration.up(args)
    expect((await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status).toBe(200)
    await payload.update({ collection: 'reviews', id: review.id, data: { status: 'hidden' } })
    await reviewPhotoShownMigration.down(args)
    await reviewPhotoShownMigration.up(args)
    expect((await rest(app.config, 'GET', `/media/file/${photo.filename}`)).status).toBe(403)
  })
})
