import {
  effectivePrice,
  onSale,
  remainingOf,
  ticketPaymentMethods,
  ticketRemaining,
  ticketState,
  waveState,
  type EventData,
  type ExtraItemRow,
  type TicketRow,
  type TimeslotRow,
} from './catalogue.ts';
import { money, type MoneyInfo } from './money.ts';

/** The catalogue in the schema's shapes (SPEC 4.3): events, categories and tickets as the shop reads them. */

export interface LocalizedText {
  en: string;
  ar: string;
}

export const localized = (en: string | null, ar: string | null): LocalizedText | null =>
  en === null && ar === null ? null : { en: en ?? ar ?? '', ar: ar ?? en ?? '' };

const iso = (epochMs: number) => new Date(epochMs).toISOString();

export const priceOf = (row: {
  price: number;
  discountedPrice: number | null;
}): { originalPrice: MoneyInfo; discountedPrice: MoneyInfo } => ({
  originalPrice: money(row.price),
  discountedPrice: money(effectivePrice(row)),
});

export const ticketCustomView = (ticket: TicketRow) => ({
  order: ticket.sortOrder,
  backgroundImage: ticket.backgroundImage,
  logo: ticket.logo,
  isCallbackForm: ticket.isCallbackForm,
  callbackFormType: ticket.callbackFormType,
  maxAmountPerOrder: ticket.maxPerOrder,
  isShippingRequired: ticket.isShippingRequired,
  delivery: ticket.delivery,
});

export function timeslotView(slot: TimeslotRow, ticketAvailable: boolean) {
  return {
    id: slot.id,
    dateTimeRange: { start: iso(slot.startsAt), end: iso(slot.endsAt) },
    isAvailable: ticketAvailable && remainingOf(slot) > 0,
  };
}

export function extraItemView(extra: ExtraItemRow) {
  return {
    id: extra.id,
    name: localized(extra.nameEn, extra.nameAr)!,
    description: localized(extra.descriptionEn, extra.descriptionAr),
    price: priceOf(extra),
    maxAmountPerOrder: extra.maxPerOrder,
    isAvailable: remainingOf(extra) > 0,
  };
}

export function ticketView(data: EventData, ticket: TicketRow, now: Date) {
  const state = ticketState(data, ticket, now);
  const isAvailable = state === 'AVAILABLE_NOW';
  const remaining = ticketRemaining(ticket, data.timeslots);
  return {
    id: ticket.id,
    name: localized(ticket.nameEn, ticket.nameAr)!,
    description: localized(ticket.descriptionEn, ticket.descriptionAr),
    coverImage: ticket.coverImage,
    perks: data.perks
      .filter((perk) => perk.ticketId === ticket.id)
      .map((perk) => ({
        id: perk.id,
        name: localized(perk.nameEn, perk.nameAr)!,
        description: localized(perk.descriptionEn, perk.descriptionAr),
        coverImage: perk.coverImage,
        isHiddenOnDetail: perk.isHiddenOnDetail,
        isHighlighted: perk.isHighlighted,
      })),
    extraItems: data.extraItems.filter((extra) => extra.ticketId === ticket.id && !extra.isFree && onSale(extra)).map(extraItemView),
    timeslots: data.timeslots.filter((slot) => slot.ticketId === ticket.id && onSale(slot)).map((slot) => timeslotView(slot, isAvailable)),
    waveId: ticket.waveId,
    state,
    isAvailable,
    // The schema's "few left": at most 10% of the capacity, never the number itself.
    isLowStock: isAvailable && remaining * 10 <= ticket.capacity,
    price: priceOf(ticket),
    custom: ticketCustomView(ticket),
    paymentMethods: ticketPaymentMethods(data, ticket),
  };
}

export type TicketView = ReturnType<typeof ticketView>;

export interface CategoryView {
  id: string;
  name: LocalizedText;
  description: LocalizedText | null;
  tickets: TicketView[];
  custom: { promoLabel: LocalizedText | null; order: number };
  children: CategoryView[];
}

/** The event's top categories with their children, in editorial order. */
export function categoryViews(data: EventData, now: Date, parentId: string | null = null): CategoryView[] {
  return data.categories
    .filter((category) => category.parentId === parentId)
    .map((category) => ({
      id: category.id,
      name: localized(category.nameEn, category.nameAr)!,
      description: localized(category.descriptionEn, category.descriptionAr),
      tickets: data.tickets
        .filter((ticket) => ticket.categoryId === category.id && onSale(ticket))
        .map((ticket) => ticketView(data, ticket, now)),
      custom: { promoLabel: localized(category.promoLabelEn, category.promoLabelAr), order: category.sortOrder },
      children: categoryViews(data, now, category.id),
    }));
}

export function eventView(data: EventData, now: Date) {
  return {
    id: data.event.id,
    name: localized(data.event.nameEn, data.event.nameAr)!,
    tickets: data.tickets.filter(onSale).map((ticket) => ticketView(data, ticket, now)),
    custom: {
      logo: data.event.logo,
      backgroundImage: data.event.backgroundImage,
      waves: data.waves.map((wave) => ({
        id: wave.id,
        label: localized(wave.labelEn, wave.labelAr)!,
        dateRange: { start: iso(wave.startsAt), end: iso(wave.endsAt) },
        state: waveState(data, wave, now),
        order: wave.sortOrder,
      })),
    },
    categories: categoryViews(data, now),
    paymentMethods: data.event.paymentMethods,
  };
}
