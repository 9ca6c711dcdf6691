import net from 'node:net';

/**
 * A TCP proxy a fault test stands between the server and PostgreSQL or Redis, so it can take the
 * service away from this one server without touching the machine's shared service:
 * - `cut()`: every open connection is reset and new ones are refused (the service restarting);
 * - `blackhole()`: new connections are accepted and never answered (a network partition);
 * - `restore()`: connections go through again.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private mode: 'open' | 'blackhole' = 'open';

  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      this.track(client);
      if (this.mode === 'blackhole') return;
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', end);
      upstream.on('close', end);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
  }

  private resetAll() {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  /** Resets every connection and refuses new ones until `restore()`. */
  async cut(): Promise<void> {
    this.resetAll();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts new connections but never answers them; open ones are reset. */
  async blackhole(): Promise<void> {
    this.mode = 'blackhole';
    this.resetAll();
    if (!this.server) await this.start();
  }

  async restore(): Promise<void> {
    this.mode = 'open';
    if (!this.server) await this.start();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
