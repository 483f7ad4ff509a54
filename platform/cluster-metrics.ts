import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` of a node whose site runs as several worker processes (decision 0043): whichever
 * worker Prometheus reaches asks the primary, which gathers every worker's figures over the
 * cluster's IPC channel (prom-client's `AggregatorRegistry`) and answers with their sum: one scrape
 * per node, whatever the number of workers. Each metric says how it adds up (`aggregator`):
 * counters and pools sum, figures read from the shared database are taken from the first worker.
 */

const REQUEST = 'nabd:cluster-metrics-request';
const ANSWER = 'nabd:cluster-metrics-answer';
/** prom-client gives each worker 5 s; a scrape that takes longer is answered 500 and tried again. */
const ANSWER_DEADLINE_MS = 6_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}

interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  body?: string;
  error?: string;
}

const isRequest = (message: unknown): message is MetricsRequest => (message as { type?: unknown } | null)?.type === REQUEST;
const isAnswer = (message: unknown): message is MetricsAnswer => (message as { type?: unknown } | null)?.type === ANSWER;

/** In the primary: answers the workers' requests for the node's figures. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    aggregator.clusterMetrics().then(
      (body) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, body } satisfies MetricsAnswer),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies MetricsAnswer),
    );
  });
}

/**
 * In a worker: hands the primary this worker's registry when it gathers, and answers with the
 * node's figures. The content type is the registry's own (the primary aggregates in the same one).
 */
export function clusterExposition(registry: Registry): () => Promise<{ contentType: string; body: string }> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
  let lastId = 0;
  const waiting = new Map<number, { resolve: (body: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.body !== undefined) request?.resolve(message.body);
    else request?.reject(new Error(`The cluster's metrics could not be gathered: ${message.error ?? 'no answer'}`));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`The cluster's metrics took more than ${ANSWER_DEADLINE_MS} ms`));
      }, ANSWER_DEADLINE_MS);
      waiting.set(id, {
        resolve: (body) => {
          clearTimeout(timer);
          resolve({ contentType: registry.contentType, body });
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send!({ type: REQUEST, id } satisfies MetricsRequest);
    });
}
