import { eventStructuredData, isoInZone } from './event-structured-data.ts';

describe('schema.org Event data', () => {
  test('times carry the offset of the place they happen in', () => {
    expect(isoInZone('2026-12-10T12:00:00Z', 'Asia/Riyadh')).toBe('2026-12-10T15:00:00+03:00');
    expect(isoInZone('2026-12-31T22:00:00Z', 'Asia/Riyadh')).toBe('2027-01-01T01:00:00+03:00');
    expect(isoInZone('2026-07-01T12:00:00Z', 'UTC')).toBe('2026-07-01T12:00:00+00:00');
  });

  test('offers and performers only when there are some', () => {
    const base = {
      name: 'Nabd Festival 2026',
      url: 'https://nabd.example/events/nabd-festival-2026',
      startDatetime: '2026-12-10T12:00:00Z',
      endDatetime: '2026-12-12T20:59:00Z',
      timeZone: 'Asia/Riyadh',
      city: 'Riyadh',
      performers: [],
      organizer: { name: 'Nabd', url: 'https://nabd.example' },
    };
    const bare = eventStructuredData(base);
    expect(bare).not.toHaveProperty('offers');
    expect(bare).not.toHaveProperty('performer');
    expect(bare.location).toEqual({
      '@type': 'Place',
      name: 'Riyadh',
      address: { '@type': 'PostalAddress', addressLocality: 'Riyadh', addressCountry: 'SA' },
    });
    const full = eventStructuredData({
      ...base,
      ticketsUrl: 'https://nabd.example/events/nabd-festival-2026/tickets',
      venue: { name: 'Banban Grounds', address: 'Banban', latitude: 25.0071, longitude: 46.5983 },
      performers: [{ name: 'Layla Nour', url: 'https://nabd.example/performers/layla-nour' }],
    });
    expect(full.offers).toEqual({ '@type': 'Offer', url: 'https://nabd.example/events/nabd-festival-2026/tickets', priceCurrency: 'SAR' });
    expect(full.performer).toEqual([{ '@type': 'MusicGroup', name: 'Layla Nour', url: 'https://nabd.example/performers/layla-nour' }]);
    expect(full.location).toMatchObject({ name: 'Banban Grounds', geo: { latitude: 25.0071, longitude: 46.5983 } });
  });
});
