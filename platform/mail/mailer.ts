import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header, `<…@…>`; nodemailer makes a random one without it. A message that may
   * be sent again after a crash gives its own, so the copy is recognisably the same message.
   */
  messageId?: string;
}

/** How the product sends e-mail; delivery failures throw. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A message the local outbox kept (embedded defaults). */
export interface OutboxMessage extends MailMessage {
  from: string;
  /** The complete message as it would have been sent (RFC 5322). */
  raw: string;
  /** Where it was written, unless the outbox is in memory. */
  file?: string | undefined;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` URL of the relay; without it messages stay in the local outbox. */
  smtpUrl?: string | undefined;
  /** The sender, e.g. `Nabd <no-reply@nabd.example>`. */
  from: string;
  /** The outbox goes to `<dataDir>/outbox/`; `memory://` keeps it in memory. */
  dataDir: string;
  logger: Logger;
}

export const DEFAULT_MAIL_FROM = 'Nabd <no-reply@nabd.example>';

/** SMTP through nodemailer when configured, the local outbox otherwise. */
export function createMailer(options: MailerOptions): Mailer & { outbox?: OutboxMessage[] } {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from) : new OutboxMailer(options);
}

class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Short timeouts: the visitor is waiting for the page that says "we sent you a code".
    this.#transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: this.from, ...message });
  }

  close() {
    this.#transport.close();
  }
}

/**
 * The development outbox: each message is written as an `.eml` file any mail program opens, and
 * its path logged, so a developer can read the codes without a mail server.
 */
class OutboxMailer implements Mailer {
  readonly outbox: OutboxMessage[] = [];
  readonly #transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  readonly #folder: string | undefined;

  constructor(private readonly options: MailerOptions) {
    this.#folder = options.dataDir.startsWith('memory://') ? undefined : path.join(options.dataDir, 'outbox');
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.#transport.sendMail({ from: this.options.from, ...message })) as { message: Buffer; messageId: string };
    const raw = info.message.toString('utf8');
    let file: string | undefined;
    if (this.#folder) {
      await mkdir(this.#folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      file = path.join(this.#folder, `${stamp}-${crypto.randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, raw);
    }
    // Kept in memory either way, capped, for whoever reads it in process (tests).
    this.outbox.push({ ...message, from: this.options.from, raw, file });
    if (this.outbox.length > 200) this.outbox.shift();
    this.options.logger.info(
      { to: message.to, subject: message.subject, file },
      file ? 'E-mail written to the outbox' : 'E-mail kept in the in-memory outbox',
    );
  }

  close() {}
}
