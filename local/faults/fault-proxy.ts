import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * How a dependency behaves, as an operator sees it fail:
 * - `up`: every byte goes through.
 * - `down`: stopped. New connections are reset at once and open ones are cut (a crashed
 *   process, a refused port): callers fail fast.
 * - `paused`: hung. Connections are accepted but nothing is forwarded either way until it is
 *   resumed (a frozen process, a network black hole): callers wait until their own timeout.
 *   A caller that gives up meanwhile closes its socket and its held bytes are dropped, so a
 *   request abandoned while paused never reaches the dependency after the resume.
 */
export type FaultMode = 'up' | 'down' | 'paused';

export const FAULT_MODES: readonly FaultMode[] = ['up', 'down', 'paused'];

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Bytes read while paused, each way, forwarded on resume. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

/**
 * A TCP proxy in front of one emulator. The handlers, the SPA and the tests reach each
 * dependency only through its proxy, so a dependency can be stopped, paused and resumed in the
 * middle of a flow without losing what the emulator holds (mails received, objects stored,
 * Stripe's payments): what fails is the connection, as in AWS.
 */
export class FaultProxy {
  private mode: FaultMode = 'up';
  private readonly pairs = new Set<Pair>();
  private server: Server | undefined;
  private port = 0;

  constructor(
    readonly name: string,
    private readonly target: { host: string; port: number },
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get state(): FaultMode {
    return this.mode;
  }

  async listen(port = 0): Promise<this> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const addr = server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : port;
    this.server = server;
    return this;
  }

  set(mode: FaultMode): void {
    const was = this.mode;
    this.mode = mode;
    if (mode === 'down') {
      for (const pair of this.pairs) this.cut(pair);
      return;
    }
    if (was === 'paused') for (const pair of this.pairs) this.release(pair);
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) this.cut(pair);
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private accept(client: Socket): void {
    if (this.mode === 'down') {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection(this.target);
    const pair: Pair = { client, upstream, toUpstream: [], toClient: [] };
    this.pairs.add(pair);
    const end = () => {
      if (!this.pairs.delete(pair)) return;
      client.destroy();
      upstream.destroy();
    };
    // Read on even while paused (held, not forwarded), so a caller that gives up is seen at
    // once and its request dropped instead of delivered on resume.
    client.on('data', (chunk: Buffer) => {
      if (this.mode === 'paused') pair.toUpstream.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.mode === 'paused') pair.toClient.push(chunk);
      else client.write(chunk);
    });
    client.on('end', () => (this.mode === 'paused' ? end() : upstream.end()));
    upstream.on('end', () => (this.mode === 'paused' ? end() : client.end()));
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }

  private release(pair: Pair): void {
    const { client, upstream } = pair;
    if (client.destroyed || upstream.destroyed) return;
    for (const chunk of pair.toUpstream.splice(0)) upstream.write(chunk);
    for (const chunk of pair.toClient.splice(0)) client.write(chunk);
  }

  private cut({ client, upstream }: Pair): void {
    client.resetAndDestroy();
    upstream.destroy();
  }
}
