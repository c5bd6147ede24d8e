import 'server-only'

import type { Plugin } from 'payload'

/**
 * Media on local disk by default; with `S3_BUCKET` set, in S3-compatible object storage instead
 * (AWS S3, Cloudflare R2, MinIO… — `S3_ENDPOINT` for the non-AWS ones).
 */
export async function mediaStoragePlugins(): Promise<Plugin[]> {
  const bucket = process.env.S3_BUCKET
  if (!bucket) return []
  // Loaded only when used: the AWS SDK holds about 12 MB of the server's memory.
  const { s3Storage } = await import('@payloadcms/storage-s3')
  const endpoint = process.env.S3_ENDPOINT || undefined
  return [
    s3Storage({
      collections: { media: true },
      bucket,
      config: {
        region: process.env.S3_REGION || 'us-east-1',
        endpoint,
        forcePathStyle: Boolean(endpoint),
        credentials:
          process.env.S3_ACCESS_KEY_ID && process.env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY }
            : undefined,
      },
    }),
  ]
}
