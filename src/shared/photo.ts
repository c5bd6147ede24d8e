import type { Media } from '@/payload-types'

/** A media document next/image can size: it has its URL and dimensions. */
export type SizedPhoto = Media & { url: string; width: number; height: number }

/** The upload field's media document (read at depth 1) when next/image can size it. */
export const sizedPhoto = (photo: number | Media | null | undefined): SizedPhoto | null =>
  photo && typeof photo === 'object' && photo.url && photo.width && photo.height ? (photo as SizedPhoto) : null
