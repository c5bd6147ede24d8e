// The production topology for the benchmark: Debian's nginx with the repository's rules
// (deploy/nginx, through scripts/nginx.mjs) in front of the site, and in the same nginx a second
// server that serves a static copy of the very bytes the site answered, for the ratio.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startNginx } from '../nginx.mjs'
import { freePort } from './server.mjs'

/**
 * nginx in front of `site`, taking each client's address from the X-Forwarded-For the load sends
 * (as behind a CDN: one machine posts as many customers), and a static server on another port of
 * the same nginx, whose files `copy(pathname, recording)` writes.
 */
export async function startProxy(site) {
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-static-copy-'))
  // nginx's workers may run as another user (nobody, when started as root).
  fs.chmodSync(copyDir, 0o755)
  const staticPort = await freePort()
  const proxy = await startNginx({
    upstreams: [new URL(site.url).host],
    trustForwardedFor: true,
    extraServers: `
    server {
        listen 127.0.0.1:${staticPort};
        root ${copyDir};
        default_type text/html;
        brotli_static on;
        gzip_static on;
        location / {
            try_files $uri $uri/index.html =404;
        }
    }`,
  })
  return {
    url: proxy.url,
    staticUrl: `http://127.0.0.1:${staticPort}`,
    /** The bytes the proxy sent for `pathname` (as recorded, `content-encoding` as it came) as a file of the static server. */
    copy(pathname, { headers, body }) {
      const file = path.join(copyDir, pathname === '/' ? 'index.html' : pathname)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      const suffix = { br: '.br', gzip: '.gz' }[headers['content-encoding']]
      fs.writeFileSync(suffix ? `${file}${suffix}` : file, body)
      // brotli_static and gzip_static send a sibling only beside the file itself.
      if (suffix && !fs.existsSync(file)) fs.writeFileSync(file, '')
    },
    stop: async () => {
      await proxy.stop()
      fs.rmSync(copyDir, { recursive: true, force: true })
    },
  }
}
