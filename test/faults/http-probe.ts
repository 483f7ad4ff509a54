/** What one request to the site answered, and how long the answer took. */
export interface Answer {
  /** Milliseconds since the suite started. */
  at: number;
  ms: number;
  /** undefined when no answer came (refused, reset, timed out). */
  status: number | undefined;
  retryAfter: string | undefined;
  error: string | undefined;
}

const suiteStart = performance.now();
export const elapsed = () => performance.now() - suiteStart;

/** One GET, giving up after `timeoutMs`; never throws. */
export async function probe(url: string, options: { timeoutMs?: number; cookie?: string } = {}): Promise<Answer> {
  const started = performance.now();
  const at = elapsed();
  try {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: options.cookie ? { cookie: options.cookie } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer();
    return {
      at,
      ms: performance.now() - started,
      status: response.status,
      retryAfter: response.headers.get('retry-after') ?? undefined,
      error: undefined,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { at, ms: performance.now() - started, status: undefined, retryAfter: undefined, error: cause?.code ?? (error as Error).name };
  }
}

/** Asks the same URL again and again in the background, keeping every answer. */
export class ProbeLoop {
  readonly answers: Answer[] = [];
  private running = true;
  private readonly done: Promise<void>;

  constructor(url: string, options: { intervalMs?: number; timeoutMs?: number; cookie?: string } = {}) {
    this.done = (async () => {
      while (this.running) {
        this.answers.push(await probe(url, options));
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
      }
    })();
  }

  /** Answers to requests sent between two moments of the suite's clock. */
  between(from: number, to: number): Answer[] {
    return this.answers.filter((answer) => answer.at >= from && answer.at < to);
  }

  async stop(): Promise<Answer[]> {
    this.running = false;
    await this.done;
    return this.answers;
  }
}

/** How long after `from` the URL first answered `status` and kept answering it for `stableFor` answers. */
export async function untilAnswers(
  url: string,
  status: number,
  options: { timeoutMs: number; stableFor?: number; cookie?: string },
): Promise<number | undefined> {
  const started = performance.now();
  let streak = 0;
  let firstOfStreak = 0;
  while (performance.now() - started < options.timeoutMs) {
    const answer = await probe(url, { timeoutMs: 2_000, ...(options.cookie ? { cookie: options.cookie } : {}) });
    if (answer.status === status) {
      if (streak === 0) firstOfStreak = performance.now() - started;
      streak += 1;
      if (streak >= (options.stableFor ?? 3)) return firstOfStreak;
    } else {
      streak = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
