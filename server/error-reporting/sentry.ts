import { readFileSync } from 'node:fs';
import type { NodeOptions } from '@sentry/node';
import type { ErrorReporter } from '#platform/error-reports.ts';
import { fromRoot } from '#platform/paths.ts';
import type { ErrorReportSettings } from '../config.ts';
import { breadcrumbWithoutPersonalData, withoutPersonalData } from './personal-data.ts';

type Sentry = typeof import('@sentry/node');

/** SPEC 9.3: what monitoring samples and keeps. */
export const MONITORING = { sampleRate: 0.1, tracesSampleRate: 0, maxBreadcrumbs: 50, maxValueLength: 10_000 } as const;

/**
 * Error reporting through the official SDK (@sentry/node), loaded only when a DSN is set. It is
 * initialised once per process: by `instrument.ts` before the application loads, as the SDK asks
 * of ES modules (`node --import ./dist/server/instrument.js`), or else here by the entry point,
 * which then only misses failures of its own start. Starting sends nothing: the SDK sends an event
 * when there is one (and, now and then, a count of those sampling dropped).
 */
export async function startSentry(settings: ErrorReportSettings, overrides: Partial<NodeOptions> = {}): Promise<ErrorReporter> {
  const sentry: Sentry = await import('@sentry/node');
  if (!sentry.isInitialized()) sentry.init(sentryOptions(sentry, settings, overrides));
  return {
    report(error, context) {
      sentry.withScope((scope) => {
        scope.setTag('component', context.component);
        for (const [name, value] of Object.entries(context.tags ?? {})) if (value !== undefined) scope.setTag(name, value);
        if (context.details) scope.setContext('details', context.details);
        sentry.captureException(error);
      });
    },
    async flush(timeoutMs) {
      await sentry.flush(timeoutMs);
    },
  };
}

/**
 * Errors only: SPEC 9.3 samples no traces, so the SDK's performance integrations and the loader
 * hooks that instrument every module for them are left out; so are release-health sessions (one
 * more kind of traffic to the service for every request). Unhandled rejections end the process as
 * they do without the SDK, once reported.
 */
export function sentryOptions(sentry: Sentry, settings: ErrorReportSettings, overrides: Partial<NodeOptions> = {}): NodeOptions {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release ?? packageRelease(),
    ...MONITORING,
    sendDefaultPii: false,
    registerEsmLoaderHooks: false,
    defaultIntegrations: sentry.getDefaultIntegrationsWithoutPerformance(),
    integrations: [
      sentry.httpIntegration({ spans: false, trackIncomingRequestsAsSessions: false, maxIncomingRequestBodySize: 'none' }),
      sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    beforeSend: withoutPersonalData,
    beforeBreadcrumb: breadcrumbWithoutPersonalData,
    ...overrides,
  };
}

/** `nabd-website@0.1.0` when the deployment names no release (SENTRY_RELEASE, e.g. the commit). */
function packageRelease(): string {
  const { name, version } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { name: string; version: string };
  return `${name}@${version}`;
}
