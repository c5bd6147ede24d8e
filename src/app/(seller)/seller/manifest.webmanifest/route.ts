import { sellerManifest } from '@/features/seller/appManifest'
import { getSiteSettings } from '@/cachedGlobals'

/** Public, like the site's name it holds: a browser asks for a manifest without the session cookie. */
export async function GET() {
  const settings = await getSiteSettings()
  return new Response(JSON.stringify(sellerManifest(settings.businessName)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  })
}
