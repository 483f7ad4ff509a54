// Loaded after dist/server/instrument.js by a test: the SDK keeps one error in ten (SPEC 9.3), and
// the test must see the one it causes. The SDK reads this option for each event.
import * as sentry from '@sentry/node';

const client = sentry.getClient();
if (!client) throw new Error('Error reporting did not start: is SENTRY_DSN set?');
client.getOptions().sampleRate = 1;
