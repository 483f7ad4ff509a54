import { cartResolvers } from './carts.ts';
import { catalogueResolvers } from './catalogue.ts';
import { loyaltyResolvers } from './loyalty.ts';
import { orderResolvers } from './orders.ts';
import { requestResolvers } from './requests.ts';
import { ticketResolvers } from './tickets.ts';
import { waitingRoomResolvers } from './waiting-room.ts';

type ResolverMap = Record<string, Record<string, unknown>>;

/**
 * Each area of the service keeps its resolvers in a file of its own (catalogue, carts, orders,
 * tickets, requests) and adds its map to `AREAS`; the maps are merged type by type.
 */
const AREAS: ResolverMap[] = [
  catalogueResolvers,
  cartResolvers,
  orderResolvers,
  ticketResolvers,
  requestResolvers,
  loyaltyResolvers,
  waitingRoomResolvers,
];

export function mergeResolvers(maps: readonly ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      for (const name of Object.keys(fields)) {
        if (merged[type]?.[name]) throw new Error(`Two resolvers for ${type}.${name}`);
      }
      merged[type] = { ...merged[type], ...fields };
    }
  }
  return merged;
}

export const resolvers = mergeResolvers(AREAS);
