import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Review photos may be up to 10 MB; the action's body carries the file plus the form fields.
  experimental: {
    serverActions: { bodySizeLimit: '11mb' },
  },
  images: {
    formats: ['image/avif', 'image/webp'],
  },
  poweredByHeader: false,
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
