// After `next build`: a brotli (quality 11) and a gzip (level 9) copy beside each compressible file
// of `.next/static`, which the proxy sends as they are (nginx's brotli_static and gzip_static,
// deploy/nginx/storefront-server.conf) instead of compressing the same file for every request at a
// lower level. Next's own files are left as they are; a copy that would not be smaller is not written.
// Usage: node scripts/precompress-static.mjs [folder] (default: .next/static)
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text the browser loads (scripts, styles, source maps, SVG, JSON); fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|map|json|svg|txt|html)$/
/** Below this, a compressed copy saves less than a packet. */
const MIN_BYTES = 1024

const folder = path.resolve(process.argv[2] ?? '.next/static')
if (!fs.existsSync(folder)) {
  console.error(`${folder} does not exist: run \`next build\` first.`)
  process.exit(1)
}

let files = 0
let before = 0
let after = 0
for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const bytes = fs.readFileSync(file)
  if (bytes.length < MIN_BYTES) continue
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ])
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br)
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz)
  files += 1
  before += bytes.length
  after += Math.min(br.length, bytes.length)
}
console.log(`precompressed ${files} files of ${path.relative(process.cwd(), folder) || folder}: ${Math.round(before / 1024)} kB, ${Math.round(after / 1024)} kB in brotli`)
