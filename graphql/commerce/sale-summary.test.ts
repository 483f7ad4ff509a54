import type { EventData, TicketRow } from './catalogue.ts';
import { saleSummary } from './sale-summary.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const day = (iso: string) => new Date(iso).getTime();

function ticket(id: string, overrides: Partial<TicketRow> = {}): TicketRow {
  return {
    id,
    categoryId: 'cat',
    waveId: 'open',
    nameEn: id,
    nameAr: id,
    descriptionEn: null,
    descriptionAr: null,
    coverImage: null,
    backgroundImage: null,
    logo: null,
    price: 59500,
    discountedPrice: null,
    maxPerOrder: 10,
    isCallbackForm: false,
    callbackFormType: null,
    isShippingRequired: false,
    delivery: 'DIGITAL',
    paymentMethods: ['CREDIT_CARD'],
    sortOrder: 0,
    capacity: 1000,
    held: 0,
    sold: 0,
    ...overrides,
  };
}

/** An event whose tickets are `tickets`, with a wave on sale, one over and one to come. */
const event = (...tickets: TicketRow[]): EventData => ({
  event: { id: 'evt', nameEn: 'Event', nameAr: 'فعالية', logo: null, backgroundImage: null, paymentMethods: ['CREDIT_CARD'] },
  waves: [
    { id: 'open', labelEn: 'Open', labelAr: 'مفتوح', startsAt: day('2026-11-01'), endsAt: day('2026-12-12'), sortOrder: 1 },
    { id: 'ended', labelEn: 'Ended', labelAr: 'انتهى', startsAt: day('2026-09-01'), endsAt: day('2026-10-31'), sortOrder: 2 },
    { id: 'later', labelEn: 'Later', labelAr: 'لاحقًا', startsAt: day('2026-12-01'), endsAt: day('2026-12-12'), sortOrder: 3 },
  ],
  categories: [],
  tickets,
  perks: [],
  extraItems: [],
  timeslots: [],
});

describe('an event sale at a glance (decision 0053)', () => {
  test('on sale from the lowest price paid now, discounts included, over tickets of other waves, requests and shipped items', () => {
    const summary = saleSummary(
      event(
        ticket('ga'),
        ticket('day', { price: 29500, discountedPrice: 24900 }),
        ticket('early', { waveId: 'ended', price: 19500 }),
        ticket('later', { waveId: 'later', price: 9900 }),
        ticket('group', { isCallbackForm: true, callbackFormType: 'GROUP', waveId: null, price: 100 }),
        ticket('kit', { delivery: 'SHIPPED', price: 9900 }),
        ticket('gone', { price: 1000, capacity: 10, sold: 10 }),
      ),
      NOW,
    );
    expect(summary).toEqual({ eventId: 'evt', status: 'ON_SALE', fromPrice: { amount: '249.00', currency: 'SAR' } });
  });

  test('selling fast when a ticket on sale has a tenth of its places or fewer left, held ones counted as gone', () => {
    expect(saleSummary(event(ticket('ga'), ticket('few', { capacity: 30, sold: 25, held: 2 })), NOW).status).toBe('SELLING_FAST');
    expect(saleSummary(event(ticket('ga'), ticket('some', { capacity: 30, sold: 26 })), NOW).status).toBe('ON_SALE');
  });

  test('sold out when every ticket of a wave on sale is gone, with no price', () => {
    const summary = saleSummary(event(ticket('ga', { sold: 1000 }), ticket('vip', { capacity: 10, sold: 8, held: 2 })), NOW);
    expect(summary).toEqual({ eventId: 'evt', status: 'SOLD_OUT', fromPrice: null });
  });

  test('on sale soon while the next wave has not opened, even when an earlier one sold out', () => {
    expect(saleSummary(event(ticket('later', { waveId: 'later' }), ticket('ga', { sold: 1000 })), NOW)).toEqual({
      eventId: 'evt',
      status: 'ON_SALE_SOON',
      fromPrice: null,
    });
  });

  test('ended when every wave is over, or nothing but requests and withdrawn tickets remain', () => {
    expect(saleSummary(event(ticket('early', { waveId: 'ended' })), NOW).status).toBe('SALE_ENDED');
    expect(
      saleSummary(event(ticket('group', { isCallbackForm: true, waveId: null }), ticket('old', { withdrawn: true })), NOW).status,
    ).toBe('SALE_ENDED');
  });
});
