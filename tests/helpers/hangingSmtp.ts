import net from 'node:net'

export type HangingSmtp = {
  port: number
  /** Connections the site opened so far, and how many of them ended (the site gave up on them). */
  connections: () => { opened: number; ended: number }
  close: () => Promise<void>
}

/** A mail server that accepts connections and never says a word, as a hung SMTP server does. */
export async function startHangingSmtp(port = 0): Promise<HangingSmtp> {
  const sockets = new Set<net.Socket>()
  let opened = 0
  let ended = 0
  const server = net.createServer((socket) => {
    opened++
    sockets.add(socket)
    socket.on('close', () => {
      ended++
      sockets.delete(socket)
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    connections: () => ({ opened, ended }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
