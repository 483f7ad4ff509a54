import type { EventData, TicketRow } from './catalogue.ts';
import { saleSummary } from './sale-summary.ts';
import { CATALOGUE_NOW, eventWithWaves, ticketRow } from './test-support/catalogue-rows.ts';

const NOW = CATALOGUE_NOW;
const ticket = ticketRow;
/** An event whose tickets are `tickets`, with a wave on sale, one over and one to come. */
const event = (...tickets: TicketRow[]): EventData => eventWithWaves({ tickets });

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
