import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { buildSchema, validate, type DocumentNode } from 'graphql';
import { fromRoot } from '#platform/paths.ts';
import * as documents from './checkout-documents.ts';

const schema = buildSchema(readFileSync(fromRoot('graphql/commerce/schema.graphql'), 'utf8'));

describe('the checkout screens ask the commerce service only what its contract has', () => {
  const operations = Object.entries(documents).filter(
    (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode)?.kind === 'Document',
  );

  it('has the operations of every screen', () => {
    expect(operations.map(([name]) => name).sort()).toEqual(
      [
        'APPLE_PAY_CHECKOUT',
        'ASSIGN_ORDER_TICKETS',
        'CHECKOUT_CART',
        'ORDER',
        'ORDERS',
        'ORDERS_COUNT',
        'ORDER_CREATE',
        'SET_CUSTOMER_EMAIL',
        'TABBY_PRESCORING',
        'TICKETS_INFO',
        'TICKET_DOWNLOAD_URL',
        'WHATSAPP_OPTIN',
      ].sort(),
    );
  });

  it.each(operations)('%s is valid against graphql/commerce/schema.graphql', (_name, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
