import { createClient, TimeoutError } from 'redis';

/**
 * Deadlines of every Redis call (decision 0033). Redis answers in well under a millisecond; an
 * answer that has not come in half a second is not coming, and the visitor is better served by
 * "try again in a moment" than by a page that hangs while Redis is frozen.
 */
export const REDIS_TIMEOUTS = {
  commandMs: 500,
  connectMs: 1000,
  /** Longest pause between reconnection attempts: Redis back means the site back within a second or so. */
  reconnectMaxMs: 1000,
} as const;

/**
 * A Redis client that fails fast rather than waiting: commands are refused at once while it is
 * reconnecting (no offline queue that would hold requests until Redis returns) and it reconnects
 * by itself, forever, with a short backoff (at start too: the process waits for Redis before it
 * serves anything). node-redis's own command timeout only covers a command waiting to be written:
 * one written to a frozen server waits for its answer for ever, so callers also hold every call
 * to `withinRedisDeadline`.
 */
export async function connectRedis(url: string, options: { onError?: (error: Error) => void } = {}): Promise<RedisClient> {
  const client = failFastClient(url);
  // Connection errors are reported by the commands that fail (and by /readyz); the client
  // reconnects. They are only counted (metrics), once per failed attempt.
  client.on('error', options.onError ?? (() => {}));
  await client.connect();
  return client;
}

export type RedisClient = ReturnType<typeof failFastClient>;

function failFastClient(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_TIMEOUTS.commandMs },
    socket: {
      connectTimeout: REDIS_TIMEOUTS.connectMs,
      // Exponential from 50 ms, with jitter so that every process does not knock at the same moment.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, REDIS_TIMEOUTS.reconnectMaxMs) + Math.floor(Math.random() * 100),
    },
  });
}

/** Closes politely when Redis answers, and cuts the connection when it does not (no wait for a server that is gone or frozen). */
export async function disconnectRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  if (!client.isReady) return client.destroy();
  await withinRedisDeadline(client.close()).catch(() => {
    if (client.isOpen) client.destroy();
  });
}

/**
 * The call's answer, or a TimeoutError (an unavailable Redis, decision 0033) once the deadline
 * passes. The command itself stays queued until Redis answers or the connection drops; its late
 * answer is ignored.
 *
 * A busy process (a sale rush) runs its timers late, and Node runs due timers before reading the
 * sockets: an answer that came in time would lose to its own deadline. So the deadline gives the
 * sockets one more turn (setImmediate runs after them) before it says Redis did not answer.
 */
export function withinRedisDeadline<T>(call: Promise<T>, deadlineMs: number = REDIS_TIMEOUTS.commandMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let lastTurn: NodeJS.Immediate | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      lastTurn = setImmediate(() => reject(new TimeoutError(`Redis did not answer within ${deadlineMs} ms`)));
    }, deadlineMs);
  });
  return Promise.race([call, deadline]).finally(() => {
    clearTimeout(timer);
    clearImmediate(lastTurn);
  });
}
