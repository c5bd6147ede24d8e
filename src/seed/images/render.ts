import sharp from 'sharp'

import type { SeedPicture } from './pictures'

/** A file as `payload.create({ collection: 'media', file })` takes it. */
export type PictureFile = { data: Buffer; mimetype: string; name: string; size: number }

/**
 * Draws a seeded picture at its own size: JPEG when its name says so (the hero, which is also the
 * social-sharing image, and some sites that show shared links do not read WebP), WebP otherwise.
 * The public pages never send these files as they are: next/image resizes them to AVIF or WebP.
 */
export async function renderPicture(picture: SeedPicture): Promise<PictureFile> {
  const image = sharp(Buffer.from(picture.svg()))
  const jpeg = picture.filename.endsWith('.jpg')
  const data = jpeg ? await image.flatten({ background: '#ffffff' }).jpeg({ quality: 86, mozjpeg: true }).toBuffer() : await image.webp({ quality: 88 }).toBuffer()
  return { data, mimetype: jpeg ? 'image/jpeg' : 'image/webp', name: picture.filename, size: data.length }
}
