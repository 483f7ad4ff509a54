import { VerifiedTokens } from './access-tokens.ts';

describe('tokens kept as verified', () => {
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  let now = NOW;
  const clock = () => now;
  beforeEach(() => {
    now = NOW;
  });

  it('are kept for a minute at most', () => {
    const tokens = new VerifiedTokens(clock);
    tokens.add('a', { sub: 'guest_1', exp: NOW / 1000 + 3600 });
    now += 59_000;
    expect(tokens.get('a')).toEqual({ sub: 'guest_1', exp: NOW / 1000 + 3600 });
    now += 1_000;
    expect(tokens.get('a')).toBeUndefined();
  });

  it('are never kept past their expiry', () => {
    const tokens = new VerifiedTokens(clock);
    tokens.add('a', { sub: 'user_1', exp: NOW / 1000 + 10 });
    now += 9_999;
    expect(tokens.get('a')).toBeDefined();
    now += 1;
    expect(tokens.get('a')).toBeUndefined();
  });

  it('keep nothing without an expiry, and only the newest when full', () => {
    const tokens = new VerifiedTokens(clock);
    tokens.add('no-expiry', { sub: 'user_1' });
    expect(tokens.get('no-expiry')).toBeUndefined();
    for (let index = 0; index <= VerifiedTokens.MAX_ENTRIES; index += 1) tokens.add(`t${index}`, { sub: 'user_1', exp: NOW / 1000 + 60 });
    expect(tokens.get('t0')).toBeUndefined();
    expect(tokens.get('t1')).toBeDefined();
    expect(tokens.get(`t${VerifiedTokens.MAX_ENTRIES}`)).toBeDefined();
  });
});
