import http from 'node:http';

export interface KeepAliveLoadResult {
  /** Requests that got a whole answer. */
  answered: number;
  /** Requests sent on an open connection that the server cut without answering. */
  reset: number;
  /** New connections refused once the listener closed (expected while stopping). */
  refused: number;
  /** What `/readyz` answered, on a connection opened before the stop, after `draining()` was called. */
  readinessDuringDrain: number[];
}

/**
 * Clients that each keep one connection alive and send a request as soon as the previous one is
 * answered, as a load balancer's pool does, plus one that asks `/readyz` every 20 ms. A request
 * cut without an answer is a reset; a connection refused after the stop is not.
 */
export function keepAliveLoad(port: number, options: { clients: number; path: string; readinessPath: string }) {
  const result: KeepAliveLoadResult = { answered: 0, reset: 0, refused: 0, readinessDuringDrain: [] };
  let running = true;
  let drainStarted = false;
  const agents: http.Agent[] = [];

  const request = (agent: http.Agent, path: string) =>
    new Promise<{ status: number } | { error: string }>((resolve) => {
      const outgoing = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      });
      outgoing.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });

  const client = async (path: string, pauseMs: number, onAnswer: (status: number) => void) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    while (running) {
      const outcome = await request(agent, path);
      if ('status' in outcome) {
        onAnswer(outcome.status);
      } else if (outcome.error === 'ECONNREFUSED') {
        result.refused += 1;
        return;
      } else {
        result.reset += 1;
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };

  const done = Promise.all([
    ...Array.from({ length: options.clients }, () => client(options.path, 0, () => void (result.answered += 1))),
    client(options.readinessPath, 20, (status) => {
      if (drainStarted) result.readinessDuringDrain.push(status);
    }),
  ]);

  return {
    /** From now on, readiness answers are the ones given while stopping. */
    draining() {
      drainStarted = true;
    },
    async stop(): Promise<KeepAliveLoadResult> {
      running = false;
      await done;
      for (const agent of agents) agent.destroy();
      return { ...result, readinessDuringDrain: [...new Set(result.readinessDuringDrain)] };
    },
  };
}
