import type { Request, Response } from 'express';
import type { FormState } from '#views/site-context.tsx';

const FLASH_COOKIE = 'nabd.flash';

/** After a successful POST the next page shows the form's message once (POST-redirect-GET). */
export function setFlash(res: Response, form: string, message: string | undefined) {
  res.cookie(FLASH_COOKIE, JSON.stringify({ form, message }), { signed: true, httpOnly: true, sameSite: 'lax', maxAge: 60_000, path: '/' });
}

/** The flashed form's state, for the page that shows it; the cookie goes. */
export function takeFlash(req: Request, res: Response): Record<string, FormState> {
  const flash = readFlash(req);
  if (!flash) return {};
  res.clearCookie(FLASH_COOKIE, { path: '/' });
  return { [flash.form]: { status: 'succeeded', values: {}, errors: {}, ...(flash.message ? { message: flash.message } : {}) } };
}

/** Which form's success is waiting to be shown, for a loader that renders differently then. */
export function flashedForm(req: Request): string | undefined {
  return readFlash(req)?.form;
}

function readFlash(req: Request): { form: string; message?: string } | undefined {
  const raw: unknown = req.signedCookies?.[FLASH_COOKIE];
  if (typeof raw !== 'string') return undefined;
  try {
    const { form, message } = JSON.parse(raw) as { form?: unknown; message?: unknown };
    if (typeof form !== 'string') return undefined;
    return { form, ...(typeof message === 'string' ? { message } : {}) };
  } catch {
    return undefined;
  }
}
