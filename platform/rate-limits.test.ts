import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { sessionBackends } from '#test/support/backends.ts';
import { startRedisServer } from '#test/support/redis-server.ts';
import { createRateLimits, RATE_LIMITS } from './rate-limits.ts';

const quiet = pino({ level: 'silent' });

test.each(sessionBackends)('counts, refuses, checks and forgets per key ($name)', async ({ redisUrl }) => {
  const limits = await createRateLimits({ redisUrl, prefix: `test-${crypto.randomUUID()}`, logger: quiet });
  try {
    expect(limits.engine).toBe(redisUrl ? 'redis' : 'memory');
    const { points } = RATE_LIMITS.signInFailuresPerAccountAndAddress;
    for (let index = 0; index < points; index++)
      expect((await limits.consume('signInFailuresPerAccountAndAddress', 'a@nabd.example')).allowed).toBe(true);
    expect(await limits.check('signInFailuresPerAccountAndAddress', 'a@nabd.example')).toMatchObject({ allowed: false });
    const refused = await limits.consume('signInFailuresPerAccountAndAddress', 'a@nabd.example');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(800);
    // Other keys and other limits are untouched.
    expect((await limits.check('signInFailuresPerAccountAndAddress', 'b@nabd.example')).allowed).toBe(true);
    expect((await limits.check('passwordChangesPerAccount', 'a@nabd.example')).allowed).toBe(true);
    await limits.reset('signInFailuresPerAccountAndAddress', 'a@nabd.example');
    expect((await limits.check('signInFailuresPerAccountAndAddress', 'a@nabd.example')).allowed).toBe(true);
  } finally {
    await limits.close();
  }
});

const redis = sessionBackends.find((backend) => backend.redisUrl)?.redisUrl;
(redis ? test : test.skip)('when Redis goes away the limits let requests through and warn', async () => {
  // A TCP relay in front of Redis that the test can cut.
  const target = new URL(redis!);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
  const limits = await createRateLimits({
    redisUrl: `redis://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    prefix: `test-${crypto.randomUUID()}`,
    logger,
  });
  try {
    for (let index = 0; index < 5; index++) await limits.consume('signInFailuresPerAccountAndAddress', 'down@nabd.example');
    expect((await limits.check('signInFailuresPerAccountAndAddress', 'down@nabd.example')).allowed).toBe(false);

    relay.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await limits.check('signInFailuresPerAccountAndAddress', 'down@nabd.example')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await limits.consume('signInFailuresPerAccountAndAddress', 'down@nabd.example')).allowed).toBe(true);
    expect(warnings.join('')).toContain('Rate limits unavailable');
  } finally {
    await limits.close().catch(() => {});
  }
});

test('when Redis is frozen the limits let requests through after half a second, and count again once it thaws', async () => {
  const redis = await startRedisServer();
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
  const limits = await createRateLimits({ redisUrl: redis.url, prefix: `test-${crypto.randomUUID()}`, logger });
  try {
    for (let index = 0; index < 5; index++) await limits.consume('signInFailuresPerAccountAndAddress', 'frozen@nabd.example');

    redis.freeze();
    const started = performance.now();
    expect(await limits.check('signInFailuresPerAccountAndAddress', 'frozen@nabd.example')).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect((await limits.consume('signInFailuresPerAccountAndAddress', 'frozen@nabd.example')).allowed).toBe(true);
    // Two calls, each within its half-second deadline.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(warnings.join('')).toContain('Rate limits unavailable');

    redis.thaw();
    expect((await limits.check('signInFailuresPerAccountAndAddress', 'frozen@nabd.example')).allowed).toBe(false);
  } finally {
    redis.thaw();
    await limits.close().catch(() => {});
    await redis.stop();
  }
});
