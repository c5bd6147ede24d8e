import 'server-only'

import path from 'node:path'

import type { Plugin } from 'payload'

import { readEnvironment } from './environment.mjs'

/** The folder photos are stored in on this machine (MEDIA_DIR, default ./media); null when they live in S3. */
export function localMediaDir(): string | null {
  const { S3_BUCKET, MEDIA_DIR } = readEnvironment()
  return S3_BUCKET ? null : mediaFolder(MEDIA_DIR)
}

/**
 * Where Payload writes uploads on disk (its `staticDir`): MEDIA_DIR, default ./media. (The comment
 * keeps Next's file tracing from taking in the whole folder the server runs from.)
 */
export const mediaFolder = (mediaDir = readEnvironment().MEDIA_DIR) => path.resolve(mediaDir ?? path.join(/* turbopackIgnore: true */ process.cwd(), 'media'))

/**
 * Media on local disk by default; with `S3_BUCKET` set, in S3-compatible object storage instead
 * (AWS S3, Cloudflare R2, MinIO… — `S3_ENDPOINT` for the non-AWS ones).
 */
export async function mediaStoragePlugins(): Promise<Plugin[]> {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = readEnvironment()
  if (!bucket) return []
  // Loaded only when used: the AWS SDK holds about 12 MB of the server's memory.
  const { s3Storage } = await import('@payloadcms/storage-s3')
  return [
    s3Storage({
      collections: { media: true },
      bucket,
      config: {
        region,
        endpoint,
        forcePathStyle: Boolean(endpoint),
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      },
    }),
  ]
}
