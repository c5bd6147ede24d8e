import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { loadOrderForm, postOrder } from './bench/orders.mjs'
import { healthySmtp, smtpEnv } from './bench/smtp.mjs'
const smtp = await healthySmtp()
fs.rmSync('/tmp/sqlc', { recursive: true, force: true }); fs.mkdirSync('/tmp/sqlc')
const out = fs.openSync('/tmp/sqlc/out.log', 'w')
const server = spawn('npm', ['start'], { env: { ...process.env, ...smtpEnv(smtp), SQL_LOG: '1', PORT: '3911', DATABASE_URI: 'file:/tmp/sqlc/db.sqlite', PAYLOAD_SECRET: 'x-secret-for-count', MEDIA_DIR: '/tmp/sqlc/media' }, stdio: ['ignore', out, out], detached: true })
const url = 'http://localhost:3911'
for (let i = 0; i < 240; i++) { try { if ((await fetch(url)).ok) break } catch {} await new Promise(r => setTimeout(r, 500)) }
const mark = (m) => fs.appendFileSync('/tmp/sqlc/out.log', `\n=== ${m}\n`)
for (let i = 1; i <= 6; i++) {
  const js = i % 2 === 0
  const hidden = await loadOrderForm(url, i)
  mark(`post ${i} ${js ? 'js' : 'nojs'}`)
  const r = await postOrder(url, hidden, i, { javascript: js })
  await new Promise(r => setTimeout(r, 1500))
  mark(`end ${i} ${JSON.stringify(r)}`)
}
process.kill(-server.pid, 'SIGTERM'); await smtp.close()
