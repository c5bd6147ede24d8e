import { startNginx } from '../../scripts/nginx.mjs'
import { startSite, type Site } from './site'

export type Proxy = {
  /** `http://127.0.0.1:<port>`: nginx, as visitors reach the site. */
  url: string
  /** nginx's page cache folder (`proxy_cache_path`): one file per key, named by the key's MD5. */
  cacheDir: string
  stop: () => Promise<void>
}

/**
 * Debian's nginx (`/usr/sbin/nginx`, with its brotli modules) with the repository's rules
 * (deploy/nginx/storefront-http.conf and storefront-server.conf) in front of `upstream`
 * (`host:port`), on a free port, serving the build's `.next/static` (or `staticDir`) from disk.
 * CI installs the packages (`.ci/run`); the suite says so plainly when they are missing.
 */
export async function startProxy(upstream: string, { staticDir }: { staticDir?: string } = {}): Promise<Proxy> {
  const { url, cacheDir, stop } = await startNginx({ upstreams: [upstream], staticDir })
  return { url, cacheDir, stop }
}

/** The production build (tests/helpers/site.ts) with nginx in front of it. */
export async function startSiteBehindProxy(options: Parameters<typeof startSite>[0] = {}): Promise<{ site: Site; proxy: Proxy; stop: () => Promise<void> }> {
  const site = await startSite(options)
  let proxy: Proxy
  try {
    proxy = await startProxy(new URL(site.baseURL).host)
  } catch (error) {
    await site.stop()
    throw error
  }
  return {
    site,
    proxy,
    stop: async () => {
      await proxy.stop()
      await site.stop()
    },
  }
}
