import type { EventData, TicketRow } from '../catalogue.ts';

/** Unit tests' clock for catalogue rules: three weeks before the demo festival. */
export const CATALOGUE_NOW = new Date('2026-11-21T12:00:00Z');

const day = (iso: string) => new Date(iso).getTime();

/** A ticket row on sale in the `open` wave, 1,000 places, none sold: override what a test is about. */
export function ticketRow(id: string, overrides: Partial<TicketRow> = {}): TicketRow {
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

/** An event with a wave on sale (`open`), one over (`ended`) and one to come (`later`), and nothing else. */
export function eventWithWaves(parts: Partial<Omit<EventData, 'event' | 'waves'>> = {}): EventData {
  return {
    event: { id: 'evt', nameEn: 'Event', nameAr: 'فعالية', logo: null, backgroundImage: null, paymentMethods: ['CREDIT_CARD'] },
    waves: [
      { id: 'open', labelEn: 'Open', labelAr: 'مفتوح', startsAt: day('2026-11-01'), endsAt: day('2026-12-12'), sortOrder: 1 },
      { id: 'ended', labelEn: 'Ended', labelAr: 'انتهى', startsAt: day('2026-09-01'), endsAt: day('2026-10-31'), sortOrder: 2 },
      { id: 'later', labelEn: 'Later', labelAr: 'لاحقًا', startsAt: day('2026-12-01'), endsAt: day('2026-12-12'), sortOrder: 3 },
    ],
    categories: [],
    tickets: [],
    perks: [],
    extraItems: [],
    timeslots: [],
    ...parts,
  };
}
