import type { Request, Response } from 'express';
import { ownPath, PreviewMode } from './preview-mode.ts';

/** The cookie PreviewMode sets, read back as a browser would send it. */
function enteredAt(preview: PreviewMode): Request {
  let value = '';
  preview.enter({ cookie: (_name: string, cookie: string) => (value = cookie) } as unknown as Response);
  return { cookies: { 'nabd.preview': value } } as unknown as Request;
}

describe('preview mode', () => {
  test('the secret is compared whole, and nothing else counts as it', () => {
    const preview = new PreviewMode({ secret: 'a-preview-secret-of-length', secure: true });
    expect(preview.isSecret('a-preview-secret-of-length')).toBe(true);
    for (const wrong of ['a-preview-secret-of-lengt', 'a-preview-secret-of-length ', '', undefined, ['a-preview-secret-of-length']]) {
      expect(preview.isSecret(wrong)).toBe(false);
    }
  });

  test('a preview lasts twelve hours, and a new secret ends every preview', () => {
    let now = Date.parse('2026-11-21T08:00:00Z');
    const preview = new PreviewMode({ secret: 'a-preview-secret-of-length', secure: true, now: () => now });
    const request = enteredAt(preview);
    expect(preview.isActive(request)).toBe(true);
    now += 12 * 60 * 60 * 1000 - 1;
    expect(preview.isActive(request)).toBe(true);
    now += 1;
    expect(preview.isActive(request)).toBe(false);
    const rotated = new PreviewMode({ secret: 'another-preview-secret-now', secure: true, now: () => now });
    expect(rotated.isActive(enteredAt(preview))).toBe(false);
  });

  test.each([
    ['/ar/events?x=1', '/ar/events?x=1'],
    ['/', '/'],
    ['https://evil.example/', undefined],
    ['//evil.example/', undefined],
    ['/\\evil.example', undefined],
    ['/\t/evil.example', undefined],
    ['events', undefined],
  ])('after preview, %s leads to %s', (candidate, expected) => {
    expect(ownPath(candidate)).toBe(expected);
  });
});
