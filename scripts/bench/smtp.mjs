// Mail servers for the benchmarks: the site's e-mails must go somewhere, and one case of interest
// is a mail server that hangs.
import net from 'node:net'

import { SMTPServer } from 'smtp-server'

/** Listens on a free port of 127.0.0.1; an SMTPServer keeps its net.Server in `.server`. */
const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server ?? server).address().port)))

/** An SMTP server that takes every message; `received` counts them. */
export async function healthySmtp() {
  const smtp = { received: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        smtp.received++
        callback()
      })
      stream.resume()
    },
  })
  // A connection the site drops when it stops is no reason to stop the benchmark.
  server.on('error', () => {})
  smtp.port = await listen(server)
  smtp.close = () => new Promise((resolve) => server.close(resolve))
  return smtp
}

/** Accepts the TCP connection and never says a word, as a stuck mail server does. */
export async function hangingSmtp() {
  const sockets = new Set()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await listen(server)
  return {
    port,
    received: 0,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The site's settings for sending through `smtp`. */
export const smtpEnv = (smtp) => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', SMTP_USER: '', SMTP_PASS: '' })
