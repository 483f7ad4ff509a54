import type { Request } from 'express';

/** express-session's callback methods as promises. */
const promisify = (call: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => call((error) => (error ? reject(error) : resolve())));

export const regenerateSession = (req: Request) => promisify((done) => req.session.regenerate(done));
export const saveSession = (req: Request) => promisify((done) => req.session.save(done));
export const reloadSession = (req: Request) => promisify((done) => req.session.reload(done));
export const destroySession = (req: Request) => promisify((done) => req.session.destroy(done));
