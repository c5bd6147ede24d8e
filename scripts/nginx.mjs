// Debian's nginx in front of a running app, with the repository's configuration (deploy/nginx),
// for the tests (tests/helpers/proxy.ts) and the bench: plain HTTP on a free port, its cache, logs
// and temp files in a folder of its own. Only what differs from production is written here (the
// port, the paths, the upstream's address); the rules come from the same files nginx.conf includes.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..')
const NGINX = '/usr/sbin/nginx'
const MODULES = '/usr/lib/nginx/modules'
/** The page cache's folder inside nginx's own (`proxy_cache_path`). */
const CACHE_FOLDER = 'cache'
const INSTALL_HINT = 'apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static'

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

/**
 * The config nginx runs with: the production files' rules (storefront-http.conf,
 * storefront-server.conf, storefront-compress.conf) in an http block that points at this machine's
 * app and folders, the compressing stage on a free port of its own.
 * `trustForwardedFor`: take the client's address from the X-Forwarded-For a local client sends, as
 * behind a CDN (`set_real_ip_from`), so a load test from one machine can post as many visitors.
 * `extraServers`: more server blocks (the bench's static copy of the pages).
 * @param {{ dir: string, port: number, compressorPort: number, upstreams: string[], staticDir: string, trustForwardedFor?: boolean, extraServers?: string }} options
 */
export function nginxConfig({ dir, port, compressorPort, upstreams, staticDir, trustForwardedFor = false, extraServers = '' }) {
  const include = (file) => path.join(PROJECT_ROOT, 'deploy/nginx', file)
  return `load_module ${MODULES}/ngx_http_brotli_filter_module.so;
load_module ${MODULES}/ngx_http_brotli_static_module.so;
${workerUser()}pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes auto;
events {
    worker_connections 4096;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

    upstream storefront {
${upstreams.map((address) => `        server ${address};`).join('\n')}
    }
    upstream storefront_compressor {
        server 127.0.0.1:${compressorPort};
    }
    proxy_cache_path ${path.join(dir, CACHE_FOLDER)} levels=1:2 keys_zone=storefront_pages:10m max_size=256m inactive=10m use_temp_path=off;
    include ${include('storefront-http.conf')};
${trustForwardedFor ? '    set_real_ip_from 127.0.0.1;\n    real_ip_header X-Forwarded-For;\n' : ''}
    server {
        listen 127.0.0.1:${port};
        set $next_static_dir ${staticDir};
        include ${include('storefront-server.conf')};
    }
    server {
        listen 127.0.0.1:${compressorPort};
        include ${include('storefront-compress.conf')};
    }
${extraServers}
}
`
}

/**
 * Started as root (as in CI), nginx runs its workers as `nobody` unless told otherwise, and `nobody`
 * cannot read a checkout in a private folder (/root, a home folder of mode 750): every file of the
 * build answered 403. Here the workers run as the user running the tests, who can read it. (The
 * deployed config names its own user, deploy/nginx/nginx.conf.) Not root: nginx cannot switch user.
 */
const workerUser = () => (process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '')

/**
 * Starts nginx in front of `upstreams` (`host:port` of running app servers) and resolves once it
 * listens. `stop()` ends it (and its workers) and removes its folder.
 * @param {{ upstreams: string[], staticDir?: string, trustForwardedFor?: boolean, extraServers?: string }} options
 */
export async function startNginx({ upstreams, staticDir = path.join(PROJECT_ROOT, '.next/static'), trustForwardedFor = false, extraServers = '' }) {
  if (!fs.existsSync(NGINX) || !fs.existsSync(path.join(MODULES, 'ngx_http_brotli_filter_module.so'))) {
    throw new Error(`nginx with its brotli modules is not installed: ${INSTALL_HINT}`)
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-nginx-'))
  // Readable by workers of another user too (the cache and temp folders are made in it).
  fs.chmodSync(dir, 0o755)
  const port = await freePort()
  let compressorPort = await freePort()
  while (compressorPort === port) compressorPort = await freePort()
  const configFile = path.join(dir, 'nginx.conf')
  fs.writeFileSync(configFile, nginxConfig({ dir, port, compressorPort, upstreams, staticDir, trustForwardedFor, extraServers }))
  const errorLog = path.join(dir, 'error.log')

  // Its own process group (detached), so stopping it reaches the workers as well.
  const server = spawn(NGINX, ['-c', configFile, '-p', dir, '-e', errorLog, '-g', 'daemon off;'], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  server.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const killOnExit = () => signalGroup(server.pid, 'SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    signalGroup(server.pid, 'SIGTERM')
    await exited
    process.removeListener('exit', killOnExit)
    fs.rmSync(dir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 10_000
  while (!(await listening(port))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''
      await stop()
      throw new Error(`nginx did not start:\n${stderr}${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url: `http://127.0.0.1:${port}`, port, dir, cacheDir: path.join(dir, CACHE_FOLDER), errorLog, stop }
}

function signalGroup(group, signal) {
  try {
    process.kill(-group, signal)
  } catch {
    // already gone
  }
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
