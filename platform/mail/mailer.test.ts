import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createLogger } from '#platform/logger.ts';
import { startMailCatcher } from '#test/support/mail-catcher.ts';
import { createMailer, DEFAULT_MAIL_FROM } from './mailer.ts';

const message = { to: 'layla@nabd.example', subject: 'رمز التحقق: 123456', text: 'Your code: 123456', html: '<p>123456</p>' };

test('on embedded defaults each message is an .eml file in DATA_DIR/outbox, its path logged', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nabd-outbox-'));
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  try {
    const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dataDir, logger });
    await mailer.send(message);
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^From: Nabd <no-reply@nabd\.example>$/m);
    expect(raw).toMatch(/^To: layla@nabd\.example$/m);
    expect(raw).toContain('=?UTF-8?');
    expect(mailer.outbox?.[0]?.file).toBe(path.join(dataDir, 'outbox', files[0]!));
    expect(lines.join('')).toContain(files[0]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('with DATA_DIR memory:// the outbox stays in memory', async () => {
  const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger: createLogger({ level: 'silent' }) });
  await mailer.send(message);
  expect(mailer.outbox).toEqual([expect.objectContaining({ ...message, file: undefined, raw: expect.stringContaining('Subject: ') })]);
});

test('with SMTP_URL messages go through SMTP, and a refused delivery throws', async () => {
  const catcher = await startMailCatcher();
  const mailer = createMailer({
    smtpUrl: catcher.url,
    from: DEFAULT_MAIL_FROM,
    dataDir: 'memory://',
    logger: createLogger({ level: 'silent' }),
  });
  try {
    await mailer.send(message);
    const received = await catcher.nextMessage('layla@nabd.example');
    expect(received.subject).toBe(message.subject);
    expect(received.text.trim()).toBe(message.text);
    expect(mailer.outbox).toBeUndefined();
  } finally {
    mailer.close();
    await catcher.close();
  }
  const unreachable = createMailer({
    smtpUrl: catcher.url,
    from: DEFAULT_MAIL_FROM,
    dataDir: 'memory://',
    logger: createLogger({ level: 'silent' }),
  });
  await expect(unreachable.send(message)).rejects.toThrow();
  unreachable.close();
});
