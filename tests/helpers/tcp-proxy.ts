import net from 'node:net';

/*
 * A TCP proxy on 127.0.0.1 between a process and its database server, which a test cuts and
 * restores: the database going away and coming back as its clients see it, without touching the
 * server that other tests share.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` (a postgresql:// URL) pointed at the proxy instead of its own host and port. */
  urlThrough(url: string): string;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Drops every open connection and refuses new ones (ECONNREFUSED) until restore(). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A cut connection errors on both sides; the proxy has nothing to say about it.
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    urlThrough(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get open() {
      return sockets.size / 2;
    },
    async cut() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
