import 'server-only'

import sharp from 'sharp'

import { reviewNotices } from '@/features/reviews/notices'
import { type Message } from '@/shared/notices'
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from './rules'

/** A photo ready for the `media` collection: re-encoded, without metadata, named by the server. */
export type PreparedPhoto = { data: Buffer; mimetype: string; name: string; size: number }

export type PhotoResult = { ok: true; photo: PreparedPhoto } | { ok: false; message: Message }

/**
 * The raster formats a visitor may send, recognised by their first bytes. Anything else (SVG,
 * HTML, text, PDF…) is refused before any decoder sees it.
 */
const SIGNATURES: { format: string; matches: (bytes: Buffer) => boolean }[] = [
  { format: 'jpeg', matches: (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  { format: 'png', matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'gif', matches: (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6)) },
  { format: 'webp', matches: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP' },
  // AVIF and HEIF: an ISO media file whose brand is an image brand. HEIC decodes only if this
  // sharp build has a HEVC decoder; otherwise it is refused like any unreadable file.
  {
    format: 'heif',
    matches: (bytes) =>
      bytes.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1'].includes(bytes.toString('latin1', 8, 12)),
  },
]

/** What each accepted format is stored as: the web formats stay, the others become JPEG or PNG. */
const JPEG = { format: 'jpeg', extension: 'jpg', mimetype: 'image/jpeg', options: { quality: 85, mozjpeg: true } } as const
// PNG stays lossless (a quality setting would turn on palette quantisation).
const PNG = { format: 'png', extension: 'png', mimetype: 'image/png', options: { compressionLevel: 9 } } as const
const OUTPUT = {
  jpeg: JPEG,
  png: PNG,
  webp: { format: 'webp', extension: 'webp', mimetype: 'image/webp', options: { quality: 85 } },
  // Only the first frame of an animation is kept.
  gif: PNG,
  heif: JPEG,
} as const

/** Refuses decompression bombs: about 120 megapixels covers every phone camera. */
const MAX_INPUT_PIXELS = 120_000_000

function detectFormat(bytes: Buffer): keyof typeof OUTPUT | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.format as keyof typeof OUTPUT | undefined
}

/**
 * Turns a visitor's upload into a safe photo: at most 10 MB, a raster image by its bytes (never by
 * its name or the browser's claim), decoded and re-encoded by sharp with the camera's orientation
 * applied, every metadata block (EXIF, GPS, XMP, ICC) dropped and the longest side bounded. The
 * file is named by the time it was received, so nothing of the visitor's file name is kept.
 */
export async function prepareReviewPhoto(bytes: Buffer, receivedAt: Date = new Date()): Promise<PhotoResult> {
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, message: reviewNotices.photoTooLarge }
  const format = detectFormat(bytes)
  if (!format) return { ok: false, message: reviewNotices.photoUnsupported }

  const output = OUTPUT[format]
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    // The signature and the decoder must agree (a PNG header on something else is refused).
    const { format: decoded } = await image.metadata()
    if (decoded !== format) return { ok: false, message: reviewNotices.photoUnsupported }
    // sharp writes no metadata unless asked to, so the output carries no EXIF or GPS.
    const data = await image
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(output.format, output.options)
      .toBuffer()
    return { ok: true, photo: { data, mimetype: output.mimetype, name: `${receivedAt.getTime()}.${output.extension}`, size: data.length } }
  } catch {
    // Truncated, corrupt or too large to decode: not a photo we can show.
    return { ok: false, message: reviewNotices.photoUnsupported }
  }
}
