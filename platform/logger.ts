import { pino, type Logger } from 'pino';

export type { Logger };

/** Everything that could let someone act as a visitor is removed from every log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.code_verifier',
  '*.client_secret',
  '*.secret',
  // Payment providers' keys and webhook tokens (decision 0036).
  '*.secretKey',
  '*.webhookSecret',
  '*.secret_token',
];

export interface LoggerOptions {
  level: string;
  /** Human-readable lines for a developer's terminal; JSON otherwise. */
  pretty?: boolean;
}

export function createLogger({ level, pretty = false }: LoggerOptions): Logger {
  return pino({
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } } : {}),
  });
}
