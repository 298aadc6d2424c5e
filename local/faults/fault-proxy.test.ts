import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from './fault-proxy.js';

let target: Server;
let hits = 0;
let proxy: FaultProxy;

beforeAll(async () => {
  target = createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  const { port } = target.address() as AddressInfo;
  proxy = await new FaultProxy('test', { host: '127.0.0.1', port }).listen();
});

afterAll(async () => {
  await proxy.close();
  await new Promise<void>((r) => target.close(() => r()));
});

const get = (signal?: AbortSignal, path = '/') =>
  fetch(`${proxy.endpoint}${path}`, { signal }).then((r) => r.text());

describe('FaultProxy', () => {
  it('forwards while up', async () => {
    expect(await get()).toBe('ok');
  });

  it('refuses at once while down, and forwards again once up', async () => {
    proxy.set('down');
    const before = hits;
    await expect(get()).rejects.toThrow();
    expect(hits).toBe(before);
    proxy.set('up');
    expect(await get()).toBe('ok');
  });

  it('holds a request while paused and lets it through on resume', async () => {
    proxy.set('paused');
    const before = hits;
    const pending = get();
    await new Promise((r) => setTimeout(r, 200));
    expect(hits).toBe(before);
    proxy.set('up');
    expect(await pending).toBe('ok');
    expect(hits).toBe(before + 1);
  });

  it('drops a request its caller abandoned while paused', async () => {
    proxy.set('paused');
    const before = hits;
    await expect(get(AbortSignal.timeout(150), '/abandoned')).rejects.toThrow();
    // The caller's socket closes a moment after its promise rejects.
    await new Promise((r) => setTimeout(r, 100));
    proxy.set('up');
    await new Promise((r) => setTimeout(r, 200));
    expect(hits).toBe(before);
    expect(await get()).toBe('ok');
  });
});
