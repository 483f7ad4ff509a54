import { Writable } from 'node:stream';
import { pino } from 'pino';
import { REDACTED_PATHS } from './logger.ts';

test('log lines never carry cookies, authorization headers, tokens or passwords', () => {
  const lines: string[] = [];
  const logger = pino(
    { redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
  );
  logger.info({
    req: { headers: { cookie: 'nabd.sid=s%3Asecret', authorization: 'Bearer eyJsecret' } },
    res: { headers: { 'set-cookie': ['nabd.sid=s%3Asecret'] } },
    form: { email: 'fan@example.com', password: 'Festival-2026!' },
    tokens: { accessToken: 'eyJaccess', refresh_token: 'refresh-secret' },
  });
  const line = lines.join('');
  expect(line).not.toMatch(/secret|Festival-2026|eyJ/);
  expect(line).toContain('fan@example.com');
  expect(line.match(/\[redacted\]/g)).toHaveLength(6);
});
