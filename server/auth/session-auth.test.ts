import { needsRefresh, safeReturnTo, TOKEN_TOLERANCE_SECONDS } from './session-auth.ts';

const tokens = (accessTokenExpiresAt: number, idTokenExpiresAt = accessTokenExpiresAt + 3600) => ({
  accessToken: 'a',
  idToken: 'i',
  refreshToken: 'r',
  accessTokenExpiresAt,
  idTokenExpiresAt,
  clockDrift: 0,
});

describe('token refresh timing (SPEC 4.1, 9.3)', () => {
  const now = 1_800_000_000;

  test('tokens are refreshed within the 5 second tolerance of expiry, not before', () => {
    expect(TOKEN_TOLERANCE_SECONDS).toBe(5);
    expect(needsRefresh(tokens(now + 6), now)).toBe(false);
    expect(needsRefresh(tokens(now + 5), now)).toBe(true);
    expect(needsRefresh(tokens(now - 100), now)).toBe(true);
  });

  test('an ID token near expiry also triggers a refresh', () => {
    expect(needsRefresh(tokens(now + 300, now + 3), now)).toBe(true);
  });
});

describe('where sign-in returns to', () => {
  test('only paths of this site', () => {
    expect(safeReturnTo('/ar/account', '/account')).toBe('/ar/account');
    expect(safeReturnTo('https://evil.example', '/account')).toBe('/account');
    expect(safeReturnTo('//evil.example', '/account')).toBe('/account');
    expect(safeReturnTo('/\\evil.example', '/account')).toBe('/account');
    expect(safeReturnTo(['/a'], '/account')).toBe('/account');
    // Browsers drop tabs and line breaks and read a backslash as a slash: each of these is //evil.example to them.
    for (const sneaky of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/ /evil.example',
    ]) {
      expect(safeReturnTo(sneaky, '/account')).toBe('/account');
    }
    expect(safeReturnTo('/events?city=riyadh#tickets', '/account')).toBe('/events?city=riyadh#tickets');
  });
});
