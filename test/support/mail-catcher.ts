import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The whole parsed message, for headers and anything else a test wants to look at. */
  parsed: ParsedMail;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: CaughtMail[];
  /** The next message for this address not yet handed out (already received or still to come). */
  nextMessage(to: string, options?: { timeoutMs?: number }): Promise<CaughtMail>;
  /** Messages for this address not yet handed out by nextMessage. */
  pending(to: string): CaughtMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port (no authentication, no TLS) that keeps what it
 * receives, so tests read the codes from the messages the site actually sent.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const handedOut = new Set<CaughtMail>();
  const waiters: { to: string; resolve: (mail: CaughtMail) => void }[] = [];

  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const isFor = (mail: CaughtMail, to: string) => mail.to.some((address) => same(address, to));

  function deliver(mail: CaughtMail) {
    messages.push(mail);
    const index = waiters.findIndex((waiter) => isFor(mail, waiter.to));
    if (index >= 0) {
      const [waiter] = waiters.splice(index, 1);
      handedOut.add(mail);
      waiter!.resolve(mail);
    }
  }

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          deliver({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: parsed.from?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    pending: (to) => messages.filter((mail) => isFor(mail, to) && !handedOut.has(mail)),
    nextMessage(to, { timeoutMs = 5000 } = {}) {
      const waiting = messages.find((mail) => isFor(mail, to) && !handedOut.has(mail));
      if (waiting) {
        handedOut.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          to,
          resolve: (mail: CaughtMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No e-mail for ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
