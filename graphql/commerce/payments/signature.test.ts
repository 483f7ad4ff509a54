import { callbackSecret, signCallback, verifyCallbackSignature } from './signature.ts';

const secret = callbackSecret('a-commerce-secret-for-tests');
const body = JSON.stringify({ eventId: 'evt_1', paymentId: 'pay_1', status: 'SUCCEEDED', sequence: 2 });
const now = new Date('2026-11-21T12:00:00Z');

describe('payment callback signatures', () => {
  it('accepts what it signed', () => {
    expect(verifyCallbackSignature(secret, body, signCallback(secret, body, now), now)).toEqual({ ok: true });
  });

  it('refuses a changed body, another secret, a missing or malformed header', () => {
    const header = signCallback(secret, body, now);
    expect(verifyCallbackSignature(secret, body.replace('SUCCEEDED', 'DECLINED'), header, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyCallbackSignature(callbackSecret('another-secret-entirely'), body, header, now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyCallbackSignature(secret, body, undefined, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyCallbackSignature(secret, body, 'v1=abc', now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a moved timestamp and a callback older than five minutes', () => {
    const header = signCallback(secret, body, now);
    const moved = header.replace(/t=\d+/, `t=${Math.floor(now.getTime() / 1000) + 1}`);
    expect(verifyCallbackSignature(secret, body, moved, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyCallbackSignature(secret, body, header, new Date(now.getTime() + 5 * 60_000))).toEqual({ ok: true });
    expect(verifyCallbackSignature(secret, body, header, new Date(now.getTime() + 5 * 60_000 + 1000))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});
