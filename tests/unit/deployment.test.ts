import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'

import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

import { BACKUP_EVERY_MS } from '@/platform/backup/retention'

// docker-compose.yml, deploy/nginx and the operations guide's deployment sections describe one topology;
// no Docker engine runs here or in CI, so this checks the files against the Compose
// Specification's JSON schema and against each other.

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

type Service = {
  image?: string
  build?: string | { context?: string; args?: Record<string, string>; additional_contexts?: Record<string, string> }
  pull_policy?: string
  ports?: unknown[]
  expose?: (string | number)[]
  environment?: Record<string, string>
  depends_on?: string[] | Record<string, { condition: string }>
  healthcheck?: { test: string | string[] }
  command?: string | string[]
  entrypoint?: string | string[]
  volumes?: string[]
  restart?: string
}
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> }

/** The settings the operations guide's `.env` holds; the rest of the file's variables have defaults. */
const ENV = {
  SITE_HOST: 'shop.example.com',
  PAYLOAD_SECRET: 'a-payload-secret',
  MINIO_ROOT_PASSWORD: 'a-minio-password',
}

/**
 * Compose's variable substitution (`$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?error}`, `${VAR?error}`, `${VAR:+alternative}`, `${VAR+alternative}`), which runs before
 * Compose validates the file. Any other use of `$` is an error, as in Compose.
 */
function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$(?:\$|\{([^}]*)\}|([A-Za-z_][A-Za-z0-9_]*)|)/g, (whole, braced: string | undefined, bare: string | undefined) => {
    if (whole === '$$') return '$'
    if (bare) return env[bare] ?? ''
    const match = braced === undefined ? null : /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])(.*))?$/s.exec(braced)
    if (!match) throw new Error(`invalid substitution: ${whole}`)
    const [, name, operator, operand = ''] = match
    const value = env[name]
    const set = value !== undefined
    const nonEmpty = set && value !== ''
    switch (operator) {
      case undefined:
        return value ?? ''
      case ':-':
        return nonEmpty ? value : operand
      case '-':
        return set ? value : operand
      case ':?':
      case '?':
        if (operator === ':?' ? nonEmpty : set) return value ?? ''
        throw new Error(`required variable ${name} is missing a value: ${operand}`)
      case ':+':
        return nonEmpty ? operand : ''
      default:
        return set ? operand : ''
    }
  })
}

/** The file as Compose sees it: YAML (merge keys resolved), then substitution in every string. */
function loadCompose(env: Record<string, string | undefined> = ENV): Compose {
  const substitute = (value: unknown): unknown => {
    if (typeof value === 'string') return interpolate(value, env)
    if (Array.isArray(value)) return value.map(substitute)
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item)]))
    return value
  }
  return substitute(parse(read('docker-compose.yml'), { merge: true })) as Compose
}

/**
 * The official Compose Specification schema, as shipped by dclint (a copy of compose-spec/compose-spec).
 * Its `$schema` names draft-07 by an https address, which Ajv does not know (it is draft-07 either way).
 */
function composeSchema(): Record<string, unknown> {
  const dclint = path.dirname(createRequire(import.meta.url).resolve('dclint/package.json'))
  const { $schema: _draft, ...schema } = JSON.parse(fs.readFileSync(path.join(dclint, 'schemas/compose.schema.json'), 'utf8'))
  return schema
}

const compose = loadCompose()
const { services } = compose
const appServices = Object.keys(services).filter((name) => /^app-\d+$/.test(name))
const words = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(' ') : (value ?? ''))
/** A service's dependencies and their conditions; a plain list means "started". */
const dependencies = ({ depends_on: dependsOn = {} }: Service): Record<string, { condition: string }> =>
  Array.isArray(dependsOn) ? Object.fromEntries(dependsOn.map((name) => [name, { condition: 'service_started' }])) : dependsOn

/** A file of deploy/nginx without its comments. */
const nginx = (file: string) =>
  read(`deploy/nginx/${file}`)
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .join('\n')

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification', () => {
    // Not strict: the schema uses union types (`type: [string, number]`), which strict mode refuses.
    const validate = new Ajv({ allErrors: true, strict: false }).compile(composeSchema())
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true)
  })

  it('refuses to start without the settings that have no safe default', () => {
    for (const missing of Object.keys(ENV)) {
      expect(() => loadCompose({ ...ENV, [missing]: undefined }), missing).toThrow(`required variable ${missing}`)
    }
  })

  it('runs the proxy, two app instances, MongoDB with its backups, Redis and MinIO with its bucket', () => {
    expect(Object.keys(services).sort()).toEqual(['app-1', 'app-2', 'minio', 'minio-init', 'mongo', 'mongo-backup', 'proxy', 'redis'])
  })

  it('publishes ports on the proxy alone', () => {
    const publishing = Object.entries(services).filter(([, service]) => service.ports?.length)
    expect(publishing.map(([name]) => name)).toEqual(['proxy'])
    expect(services.proxy.ports).toEqual(['80:80', '443:443'])
  })

  it('runs one build on every app instance: one image, built by app-1 and never pulled', () => {
    expect(appServices).toEqual(['app-1', 'app-2'])
    const images = new Set(appServices.map((name) => services[name].image))
    expect(images.size).toBe(1)
    expect([...images][0]).toBeTruthy()
    expect(appServices.filter((name) => services[name].build)).toEqual(['app-1'])
    for (const name of appServices) expect(services[name].pull_policy, name).toBe('never')
  })

  it('gives every app instance the same shared services and settings', () => {
    const [first, ...others] = appServices.map((name) => services[name].environment)
    for (const environment of others) expect(environment).toEqual(first)
    expect(first).toMatchObject({
      REDIS_URL: 'redis://redis:6379',
      DATABASE_URI: 'mongodb://mongo:27017/seamoss?replicaSet=rs0',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: services.minio.environment?.MINIO_ROOT_USER,
      S3_SECRET_ACCESS_KEY: ENV.MINIO_ROOT_PASSWORD,
      S3_BUCKET: services['minio-init'].environment?.S3_BUCKET,
      SITE_URL: `https://${ENV.SITE_HOST}`,
      PAYLOAD_SECRET: ENV.PAYLOAD_SECRET,
      TRUSTED_PROXY_HOPS: '1',
    })
    // Media in MinIO, data in MongoDB: an instance keeps nothing of its own.
    for (const name of appServices) expect(services[name].volumes, name).toBeUndefined()
  })

  it('starts the apps once their services are ready, and app-2 after app-1 has seeded', () => {
    for (const name of appServices) {
      expect(dependencies(services[name]), name).toMatchObject({
        mongo: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        'minio-init': { condition: 'service_completed_successfully' },
      })
    }
    expect(dependencies(services['app-2'])['app-1']).toEqual({ condition: 'service_healthy' })
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(dependencies(service))) {
        expect(services[dependency], `${name} → ${dependency}`).toBeDefined()
        if (condition === 'service_healthy') expect(services[dependency].healthcheck, `${dependency} has a healthcheck`).toBeDefined()
      }
    }
  })

  it("reports an app instance healthy while /api/health's database check passes, whatever the seller's other checks say", async () => {
    const [kind, program, flag, script] = services['app-1'].healthcheck!.test as string[]
    expect([kind, program, flag]).toEqual(['CMD', 'node', '-e'])
    expect(script).toContain('http://127.0.0.1:3000/api/health')
    /** Runs the healthcheck against a stand-in for the app answering `status` and `body`; its exit code. */
    const healthcheckAgainst = async (status: number | null, body: unknown) => {
      const server = http.createServer((request, response) => {
        response.writeHead(request.url === '/api/health' ? (status ?? 500) : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      if (status === null) await new Promise((resolve) => server.close(resolve))
      const exit = await new Promise<number | null>((resolve) =>
        spawn(process.execPath, ['-e', script.replace('127.0.0.1:3000', `127.0.0.1:${port}`)], { stdio: 'ignore' }).on('exit', resolve),
      )
      if (status !== null) await new Promise((resolve) => server.close(resolve))
      return exit
    }
    const check = (ok: boolean) => ({ ok, summary: '' })
    expect(await healthcheckAgainst(200, { checks: { database: check(true), email: check(true) } })).toBe(0)
    expect(await healthcheckAgainst(503, { checks: { database: check(true), email: check(false), disk: check(false) } })).toBe(0)
    expect(await healthcheckAgainst(503, { checks: { database: check(false), email: check(true) } })).toBe(1)
    expect(await healthcheckAgainst(null, {})).toBe(1)
  })

  it('keeps nothing of Redis on disk', () => {
    expect(services.redis.image).toBe('redis:7')
    expect(services.redis.healthcheck).toBeDefined()
    const command = services.redis.command as string[]
    expect(command[command.indexOf('--save') + 1]).toBe('')
    expect(command[command.indexOf('--appendonly') + 1]).toBe('no')
    expect(services.redis.volumes).toBeUndefined()
  })

  it('creates the bucket before the apps start', () => {
    const init = services['minio-init']
    expect(words(init.command)).toMatch(/mc mb --ignore-existing "store\/\$S3_BUCKET"/)
    expect(dependencies(init)).toEqual({ minio: { condition: 'service_healthy' } })
    expect(init.restart).toBe('no')
    expect(init.image).toBe(services.minio.image)
  })

  describe('mongo-backup', () => {
    const backup = services['mongo-backup']
    const dockerfile = read('deploy/mongo-backup/Dockerfile')

    it("runs MongoDB's own tools, of the database's version, with rclone from its official image", () => {
      expect(backup.build).toEqual({ context: './deploy/mongo-backup' })
      expect(backup.pull_policy).toBe('never')
      expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image)).toEqual([expect.stringMatching(/^rclone\/rclone:\d+\.\d+$/), services.mongo.image])
      expect(dockerfile).toMatch(/^COPY --from=rclone \/usr\/local\/bin\/rclone /m)
      expect(dockerfile).toMatch(/^USER mongodb$/m)
    })

    it('dumps the replica set the apps use, once it is up, to the bucket of the SQLite backups', () => {
      const app = services['app-1'].environment!
      const database = new URL(app.DATABASE_URI)
      const dumped = new URL(backup.environment!.MONGODB_URI)
      expect(dumped.host).toBe(database.host)
      expect(dumped.searchParams.get('replicaSet')).toBe(database.searchParams.get('replicaSet'))
      // No database name: mongodump --oplog (one moment of the whole set) refuses one.
      expect(dumped.pathname).toBe('/')
      expect(dependencies(backup)).toEqual({ mongo: { condition: 'service_healthy' }, 'minio-init': { condition: 'service_completed_successfully' } })
      // The photos' S3_* bucket (under backups/), as the server's SQLite backups (platform/backup/offsite.ts)...
      for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(backup.environment![name], name).toBe(app[name])
      expect(backup.environment!.BACKUP_S3_PREFIX).toBe('backups/')
      // ...unless the .env names a bucket of its own: every BACKUP_S3_* setting of .env.example reaches it.
      const settings = [...read('.env.example').matchAll(/^(BACKUP_S3_\w+)=/gm)].map(([, name]) => name)
      expect(settings).toContain('BACKUP_S3_BUCKET')
      const own = Object.fromEntries(settings.map((name) => [name, `own-${name}`]))
      expect(loadCompose({ ...ENV, ...own }).services['mongo-backup'].environment).toMatchObject(own)
      expect(backup.volumes).toBeUndefined()
    })

    it('restarts by itself, and is unhealthy when no backup reached the bucket for two periods', () => {
      expect(backup.restart).toBe('unless-stopped')
      expect(words(backup.healthcheck?.test)).toContain(`find /tmp/last-good-backup -mmin -${(2 * BACKUP_EVERY_MS) / 60_000} `)
      // The file each backup that reached the bucket touches (TMPDIR is unset in the image).
      const script = read('deploy/mongo-backup/mongo-backup.sh')
      expect(script).toContain('readonly WORK_DIR=${TMPDIR:-/tmp}')
      expect(script).toContain('readonly LAST_GOOD=$WORK_DIR/last-good-backup')
    })
  })

  it('declares exactly the named volumes it uses: no media or app data volume', () => {
    const used = new Set(
      Object.values(services)
        .flatMap((service) => service.volumes ?? [])
        .map((volume) => volume.split(':')[0])
        .filter((source) => !source.startsWith('.') && !source.startsWith('/')),
    )
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual([...used].sort())
    expect([...used].sort()).toEqual(['minio-data', 'mongo-data'])
  })

  it('passes only build arguments that the Dockerfile declares before it builds', () => {
    const build = services['app-1'].build
    const args = typeof build === 'object' ? Object.keys(build.args ?? {}) : []
    expect(args).toEqual(['NEXT_SERVER_ACTIONS_ENCRYPTION_KEY'])
    const dockerfile = read('Dockerfile')
    for (const arg of args) {
      const declared = dockerfile.search(new RegExp(`^ARG ${arg}\\b`, 'm'))
      expect(declared, arg).toBeGreaterThan(-1)
      expect(declared, arg).toBeLessThan(dockerfile.indexOf('RUN npm run build'))
    }
  })

  it('keeps the settings file out of the image', () => {
    expect(read('.dockerignore').split('\n')).toContain('.env')
  })
})

describe('deploy/nginx', () => {
  const composeConf = nginx('compose.conf')
  const machineConf = nginx('nginx.conf')
  const dockerfile = read('deploy/nginx/Dockerfile')
  const upstream = /upstream storefront \{([^}]*)\}/

  it("is the proxy of docker-compose.yml, built with the app image's static files", () => {
    const build = services.proxy.build
    expect(typeof build === 'object' && build.context).toBe('./deploy/nginx')
    expect(typeof build === 'object' && build.additional_contexts).toEqual({ app: 'service:app-1' })
    expect(dockerfile).toMatch(/^COPY --from=app \$\{APP_STATIC_DIR\} \/srv\/storefront\/static$/m)
    expect(composeConf).toContain('set $next_static_dir /srv/storefront/static;')
    expect(dockerfile).toMatch(/^COPY \*\.conf \/etc\/nginx\/storefront\/$/m)
    expect(dockerfile).toContain('"-c", "/etc/nginx/storefront/compose.conf"')
  })

  it('balances every app instance of docker-compose.yml, each visitor on one', () => {
    const servers = [...upstream.exec(composeConf)![1].matchAll(/^\s*server (\S+)/gm)].map(([, address]) => address)
    expect(servers).toEqual(appServices.map((name) => `${name}:${services[name].expose?.[0]}`))
    expect(upstream.exec(composeConf)![1]).toMatch(/hash \$remote_addr consistent;/)
  })

  it("runs one machine's app where npm start listens", () => {
    expect(upstream.exec(machineConf)![1]).toMatch(/^\s*server 127\.0\.0\.1:3000;/m)
  })

  it('applies the same rules on one machine and in compose, with TLS and http redirected to https', () => {
    for (const conf of [machineConf, composeConf]) {
      expect(conf).toContain('include /etc/nginx/storefront/storefront-http.conf;')
      expect(conf).toContain('include /etc/nginx/storefront/storefront-server.conf;')
      expect(conf).toMatch(/keys_zone=storefront_pages:/)
      expect(conf).toContain('listen 443 ssl http2 default_server;')
      expect(conf).toContain('return 301 https://$host$request_uri;')
      expect(conf).toContain('ssl_certificate /etc/nginx/tls/fullchain.pem;')
      expect(conf).toContain('ssl_certificate_key /etc/nginx/tls/privkey.pem;')
    }
    expect(services.proxy.volumes).toContain('./deploy/tls:/etc/nginx/tls:ro')
  })

  it('lets only the methods the site uses through: TRACE is refused before any instance sees it', () => {
    const allowed = /\^\(([A-Z|]+)\)\$ 0;/.exec(nginx('storefront-http.conf'))![1].split('|')
    expect(allowed.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'])
  })
})

describe('the operations guide on deployment (docs/OPERATIONS.md)', () => {
  const guide = read('docs/OPERATIONS.md')
  const section = guide.slice(guide.indexOf('## Deployment with MongoDB'), guide.indexOf('## Backups and health'))
  const backups = guide.slice(guide.indexOf('## Backups and health'), guide.indexOf('## Schema changes'))

  it('names every service of the topology and says what REDIS_URL changes', () => {
    const scalingOut = section.slice(section.indexOf('### Scaling out'))
    for (const name of Object.keys(services)) expect(scalingOut, name).toContain(name)
    expect(scalingOut).toContain('`REDIS_URL`')
  })

  it('no longer asks for a single instance', () => {
    for (const text of [guide, read('README.md')]) {
      expect(text).not.toContain('run\none app instance')
      expect(text).not.toMatch(/rate limits are kept in memory/)
    }
  })

  it('guides one machine through nginx with deploy/nginx, where nginx.conf expects it, on the packages CI installs', () => {
    const topology = section.slice(section.indexOf('### Production topology'), section.indexOf('### Scaling out'))
    for (const file of fs.readdirSync(path.join(root, 'deploy/nginx'))) expect(topology, file).toContain(file)
    const installed = /^sudo cp -r deploy\/nginx (\S+)$/m.exec(topology)?.[1]
    expect(nginx('nginx.conf')).toContain(`include ${installed}/storefront-server.conf;`)
    expect(topology).toContain(`nginx -c ${installed}/nginx.conf`)
    for (const brotliPackage of ['libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static']) {
      expect(topology, brotliPackage).toContain(brotliPackage)
      expect(read('.ci/run'), brotliPackage).toContain(brotliPackage)
      expect(read('deploy/nginx/Dockerfile'), brotliPackage).toContain(brotliPackage)
    }
  })

  it("restores MongoDB from the bucket with mongo-backup's restore command, step by step", () => {
    const restoring = backups.slice(backups.indexOf('### Restoring MongoDB'))
    expect(restoring).toContain('docker compose run --rm mongo-backup list')
    expect(restoring).toContain('docker compose run --rm mongo-backup restore ')
    expect(restoring).toContain('mongorestore')
    expect(read('deploy/mongo-backup/mongo-backup.sh')).toMatch(/^ {2}restore\) restore /m)
  })

  it('lists in its .env every setting the compose file requires', () => {
    for (const name of Object.keys(ENV)) expect(section, name).toMatch(new RegExp(`^${name}=`, 'm'))
  })
})

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const packageJson = JSON.parse(read('package.json')) as {
    engines: { node: string }
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }
  const major = (version: string) => /(\d+)/.exec(version)?.[1]

  it('runs Next’s standalone output, with the browser’s files and public/, without the build stage', () => {
    expect(dockerfile).toMatch(/^ENV NEXT_OUTPUT=standalone$/m)
    expect(dockerfile.indexOf('ENV NEXT_OUTPUT=standalone')).toBeLessThan(dockerfile.indexOf('RUN npm run build'))
    const copied = [...runtimeStage.matchAll(/^COPY --from=build (\S+) (\S+)$/gm)].map(([, from, to]) => `${from} ${to}`)
    expect(copied).toEqual(['/app/.next/standalone ./', '/app/.next/static ./.next/static', '/app/public ./public'])
    expect(runtimeStage).toMatch(/^CMD \[.*"server\.js"\]$/m)
  })

  it('runs Node.js under an init that passes signals on, as a user without root', () => {
    expect(runtimeStage).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m)
    expect(runtimeStage).toMatch(/^CMD \["node",/m)
    expect(runtimeStage).toMatch(/^USER node$/m)
  })

  it('is on the Node.js major the project runs on everywhere: engines, the pinned node, @types/node', () => {
    const images = [...dockerfile.matchAll(/^FROM node:(\S+)/gm)].map(([, tag]) => major(tag))
    const majors = new Set([...images, major(packageJson.engines.node), major(packageJson.dependencies.node), major(packageJson.devDependencies['@types/node'])])
    expect(images).toHaveLength(2)
    expect([...majors]).toEqual(['24'])
  })
})
