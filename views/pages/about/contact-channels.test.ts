import { channelLink, channelLinks } from './contact-channels.ts';

describe('contact channels (SPEC 3.2)', () => {
  test('each channel opens the way it is reached', () => {
    expect(channelLink('email', 'hello@nabd.example')?.href).toBe('mailto:hello@nabd.example');
    expect(channelLink('phone', '+966 11 555 0142')?.href).toBe('tel:+966115550142');
    expect(channelLink('whatsapp', '+966 (55) 555-0142')?.href).toBe('https://wa.me/966555550142');
    expect(channelLink('linkedin', 'https://linkedin.example/company/nabd/')).toMatchObject({
      href: 'https://linkedin.example/company/nabd/',
      display: 'linkedin.example/company/nabd',
    });
  });

  test('a value that cannot be reached is left out, never linked', () => {
    expect(channelLink('email', 'not an address')).toBeUndefined();
    expect(channelLink('phone', 'call us')).toBeUndefined();
    expect(channelLink('website', 'javascript:alert(1)')).toBeUndefined();
    expect(channelLink('twitter', '  ')).toBeUndefined();
    expect(channelLinks({ website: 'https://nabd.example', email: null, phone: '+966 11 555 0142' }).map((link) => link.channel)).toEqual([
      'phone',
      'website',
    ]);
  });
});
