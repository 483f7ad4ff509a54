/**
 * Loaded before the application, as the error-reporting SDK asks of ES modules:
 * `node --import ./dist/server/instrument.js dist/server/main.js` (the image's command and
 * `npm start`). With SENTRY_DSN set, reporting starts before anything else, so a failure while the
 * site starts is reported too; without it this does nothing.
 */
import { loadConfig } from './config.ts';
import { startSentry } from './error-reporting/sentry.ts';

let settings;
try {
  settings = loadConfig().errorReports;
} catch {
  // A bad environment is the entry point's to explain; it stops before serving anything.
}
if (settings) await startSentry(settings);
