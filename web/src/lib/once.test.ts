import { expect, it, vi } from 'vitest';
import { forget, once } from './once';

it('runs the work once per key and shares the promise', async () => {
  const work = vi.fn(async () => 'ok');
  const a = once('k1', work);
  const b = once('k1', work);
  expect(a).toBe(b);
  await expect(a).resolves.toBe('ok');
  expect(work).toHaveBeenCalledTimes(1);
  await once('k2', work);
  expect(work).toHaveBeenCalledTimes(2);
});

it('shares failures too, until forgotten', async () => {
  const work = vi.fn(async () => {
    throw new Error('used');
  });
  await expect(once('k3', work)).rejects.toThrow('used');
  await expect(once('k3', work)).rejects.toThrow('used');
  expect(work).toHaveBeenCalledTimes(1);
  forget('k3');
  await expect(once('k3', work)).rejects.toThrow('used');
  expect(work).toHaveBeenCalledTimes(2);
});
