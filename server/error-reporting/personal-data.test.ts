import type { ErrorEvent } from '@sentry/node';
import { breadcrumbWithoutPersonalData, withoutPersonalData } from './personal-data.ts';

describe('what an error report may carry', () => {
  test('a request keeps its harmless headers, its path and the names of its query values, nothing else', () => {
    const event = withoutPersonalData({
      type: undefined,
      request: {
        method: 'POST',
        url: 'https://nabd.example/tickets/confirmation?orderId=NBD-1&secret=0b8f#top',
        query_string: { orderId: 'NBD-1', secret: '0b8f' },
        headers: {
          'User-Agent': 'Mozilla/5.0',
          Cookie: 'nabd.sid=s%3Aabc',
          authorization: 'Bearer eyJ',
          'x-user-authorization': 'Bearer eyJ',
          'x-forwarded-for': '203.0.113.7',
          'accept-language': 'ar',
        },
        cookies: { 'nabd.sid': 's%3Aabc' },
        data: 'email=layla%40example.com&password=Festival-2026!',
      },
    } as ErrorEvent);
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://nabd.example/tickets/confirmation?orderId=[Filtered]&secret=[Filtered]',
      query_string: 'orderId=[Filtered]&secret=[Filtered]',
      headers: { 'User-Agent': 'Mozilla/5.0', 'accept-language': 'ar' },
    });
  });

  test('no e-mail address, credential or personal field survives, at any depth; a user is only an id', () => {
    const event = withoutPersonalData({
      type: undefined,
      message: 'No account for layla@example.com',
      exception: { values: [{ type: 'Error', value: 'Delivery to omar.k+tickets@mail.example.sa refused' }] },
      user: { id: 'usr_1', email: 'layla@example.com', ip_address: '203.0.113.7', username: 'layla' },
      extra: { attempt: { password: 'Festival-2026!', phoneNumber: '+966501234567', header: 'Bearer abc.def' } },
      contexts: { details: { orderId: 'NBD-1', customerEmail: 'x@y.example' } },
    } as ErrorEvent);
    expect(event.message).toBe('No account for [email]');
    expect(event.exception!.values![0]!.value).toBe('Delivery to [email] refused');
    expect(event.user).toEqual({ id: 'usr_1' });
    expect(event.extra).toEqual({ attempt: { password: '[Filtered]', phoneNumber: '[Filtered]', header: 'Bearer [Filtered]' } });
    expect(event.contexts).toEqual({ details: { orderId: 'NBD-1', customerEmail: '[Filtered]' } });
  });

  test('a breadcrumb keeps what happened, without the query values of its URL or the addresses in its message', () => {
    expect(
      breadcrumbWithoutPersonalData({
        category: 'http',
        message: 'Sent a code to layla@example.com',
        data: { url: 'https://issuer.example/token?code=abc&state=xyz', method: 'POST', status_code: 200 },
      }),
    ).toEqual({
      category: 'http',
      message: 'Sent a code to [email]',
      data: { url: 'https://issuer.example/token?code=[Filtered]&state=[Filtered]', method: 'POST', status_code: 200 },
    });
  });
});
