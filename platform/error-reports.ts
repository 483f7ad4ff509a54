/**
 * Where unexpected failures go besides the log (SPEC 9.3, decision 0038): the error-reporting
 * service when the process was started with one, nowhere otherwise. One reporter per process,
 * like the SDK behind it, installed by the entry point; the code that meets a failure only says
 * what failed and where, and never waits for the report to be sent.
 */

export interface ErrorContext {
  /** What met the failure: `web` (a 500), `graphql` (a resolver), `identity`, `jobs` (given up). */
  component: 'web' | 'graphql' | 'identity' | 'jobs';
  /** Short values worth grouping and searching by: the route, the service, the job's kind. */
  tags?: Record<string, string | number | undefined>;
  /** Anything else that helps (ids, counts); scrubbed of personal data before it leaves. */
  details?: Record<string, unknown>;
}

export interface ErrorReporter {
  report(error: unknown, context: ErrorContext): void;
  /** Sends what is queued, waiting at most `timeoutMs`: before the process exits. */
  flush(timeoutMs: number): Promise<void>;
}

let installed: ErrorReporter | undefined;

/** Makes `reporter` the process's; answers a function that removes it again (tests). */
export function installErrorReporter(reporter: ErrorReporter): () => void {
  installed = reporter;
  return () => {
    if (installed === reporter) installed = undefined;
  };
}

/** Reports an unexpected failure when a reporter is installed; the caller logs it as before either way. */
export function reportError(error: unknown, context: ErrorContext): void {
  try {
    installed?.report(error, context);
  } catch {
    // Reporting must never turn one failure into two.
  }
}

export async function flushErrorReports(timeoutMs: number): Promise<void> {
  await installed?.flush(timeoutMs).catch(() => {});
}
