import { newSessionId } from './session-id.ts';

describe('session IDs', () => {
  test('are 192 random bits in URL-safe base64, never the same twice across refills of the pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newSessionId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('use every bit: across many IDs each character position takes most of the alphabet', () => {
    const ids = Array.from({ length: 5_000 }, () => newSessionId());
    for (let position = 0; position < 32; position += 1) {
      expect(new Set(ids.map((id) => id[position])).size).toBeGreaterThan(60);
    }
  });
});
