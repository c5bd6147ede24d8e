// The production server (`npm start`): Next.js as `next start` runs it, with the page cache and the
// build's scripts and styles answered at the door (src/platform/http/cachedPages.mjs,
// staticAssets.mjs). Needs `npm run build` first.
//   node server.mjs [-p PORT] [-H HOSTNAME]     (PORT defaults to $PORT, then 3000; all interfaces)
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import next from 'next'

import { handleNoting, serveCachedPage } from './src/platform/http/cachedPages.mjs'
import { noteStaticAsset, serveStaticAsset, serveStaticAssetsFrom } from './src/platform/http/staticAssets.mjs'

const { values: options } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
})
const port = Number(options.port ?? process.env.PORT ?? 3000)
const hostname = options.hostname

process.env.NODE_ENV = 'production'
const dir = path.dirname(fileURLToPath(import.meta.url))
const app = next({ dir, port, hostname: hostname ?? 'localhost' })
await app.prepare()
const handle = app.getRequestHandler()
serveStaticAssetsFrom(path.join(dir, '.next', 'static'))

const server = http.createServer(async (request, response) => {
  try {
    if (serveStaticAsset(request, response)) return
    if (await serveCachedPage(request, response)) return
    noteStaticAsset(request, response)
    await handleNoting(request, response, handle)
  } catch (error) {
    console.error(`Failed to handle request for ${request.url}`, error)
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
    response.end('Internal Server Error')
  }
})
server.listen(port, hostname, () => console.log(`Ready on http://${hostname ?? 'localhost'}:${port}`))

// As `next start` does: exit on a stop signal with the signal's code (and Node.js writes what it
// writes on exit, such as a --cpu-prof profile).
process.once('SIGTERM', () => process.exit(143))
process.once('SIGINT', () => process.exit(130))
