import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CheckoutCart, OrderView, PaymentMethod, TabbyResult } from '#views/pages/tickets/commerce-data.ts';

/** The commerce service's calls of checkout, confirmation, assignment and the account's tickets. */

const MONEY = gql`
  fragment CheckoutMoney on MoneyInfo {
    amount
    currency
  }
`;

const LINE = gql`
  fragment CheckoutSubItem on CartSubItem {
    id
    name {
      en
      ar
    }
    quantity
    total {
      ...CheckoutMoney
    }
  }
  ${MONEY}
`;

export const CHECKOUT_CART: TypedDocumentNode<{ cart: CheckoutCart | null }, { cartId: string; eventId: string }> = gql`
  query CheckoutCart($cartId: ID!, $eventId: ID!) {
    cart(cartId: $cartId, eventId: $eventId) {
      id
      customerEmail
      cartState
      version
      ticketQuantity
      isShippingRequired
      canCheckout
      subtotalPrice {
        ...CheckoutMoney
      }
      totalPrice {
        ...CheckoutMoney
      }
      totalPriceExcluding {
        ...CheckoutMoney
      }
      vatAmount {
        ...CheckoutMoney
      }
      cartDiscountPrice {
        ...CheckoutMoney
      }
      couponCodes {
        code
      }
      loyaltyDiscount {
        points
        pointsUsed
        discountValue {
          ...CheckoutMoney
        }
      }
      loyaltyDiscountValue {
        ...CheckoutMoney
      }
      items {
        id
        catalogueItemId
        state
        name {
          en
          ar
        }
        quantity
        total {
          ...CheckoutMoney
        }
        originalPrice {
          ...CheckoutMoney
        }
        discountedPrice {
          ...CheckoutMoney
        }
        subItems {
          ...CheckoutSubItem
          catalogueItemId
        }
        freeItems {
          id
          catalogueItemId
          quantity
        }
      }
    }
  }
  ${LINE}
`;

export type CheckoutCartData = Omit<CheckoutCart, 'items'> & {
  cartState: 'ACTIVE' | 'ORDERED' | 'COMPLETED';
  couponCodes: { code: string }[];
  loyaltyDiscount: { points: number; pointsUsed: number; discountValue: { amount: string; currency: string } } | null;
  items: (CheckoutCart['items'][number] & {
    originalPrice: { amount: string; currency: string };
    discountedPrice: { amount: string; currency: string };
    subItems: { catalogueItemId: string }[];
    freeItems: { id: string; catalogueItemId: string; quantity: number }[];
  })[];
};

export const TICKETS_INFO: TypedDocumentNode<
  { ticketsInfo: { ticketId: string; paymentMethods: PaymentMethod[] }[] },
  { eventId: string; ticketIds: string[] }
> = gql`
  query CheckoutTicketsInfo($eventId: ID!, $ticketIds: [ID!]!) {
    ticketsInfo(eventId: $eventId, ticketIds: $ticketIds) {
      ticketId
      paymentMethods
    }
  }
`;

export const SET_CUSTOMER_EMAIL: TypedDocumentNode<
  { cartUpdate: { id: string; customerEmail: string | null } },
  { cartId: string; eventId: string; email: string }
> = gql`
  mutation CheckoutEmail($cartId: ID!, $eventId: ID!, $email: String!) {
    cartUpdate(cartId: $cartId, eventId: $eventId, input: { actions: [{ setCustomerEmail: { email: $email } }] }) {
      id
      customerEmail
    }
  }
`;

export const TABBY_PRESCORING: TypedDocumentNode<
  { tabbyPrescoring: TabbyResult },
  { input: { cartId: string; eventId: string; email?: string | undefined; phoneNumber?: string | undefined } }
> = gql`
  mutation CheckoutTabbyPrescoring($input: TabbyPrescoringInput!) {
    tabbyPrescoring(input: $input) {
      isCustomerEligible
      rejectionReason
      instalmentAmount {
        ...CheckoutMoney
      }
    }
  }
  ${MONEY}
`;

export interface OrderCreateInput {
  cartId: string;
  eventId: string;
  customer: {
    email: string;
    confirmEmail: string;
    firstName: string;
    middleName?: string | null | undefined;
    lastName: string;
    gender?: 'male' | 'female' | null | undefined;
    phoneNumber: string;
    birthDate?: string | null | undefined;
  };
  billingAddress: OrderAddress;
  shippingAddress?: OrderAddress | null;
  paymentMethod: PaymentMethod;
  acceptedTerms: boolean;
  whatsappConsent: boolean;
  returnUrl: string;
  locale: string;
}

export interface OrderAddress {
  address1: string;
  address2?: string | null | undefined;
  city: string;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
  countryCode: string;
}

export interface OrderCheckoutResult {
  orderId: string | null;
  paymentLink: string | null;
  secretUuid: string | null;
  validationResult: { isValid: boolean; problems: { field: string; message: string }[] };
}

export const ORDER_CREATE: TypedDocumentNode<{ orderCreate: OrderCheckoutResult }, { input: OrderCreateInput }> = gql`
  mutation CheckoutOrderCreate($input: OrderCreateInput!) {
    orderCreate(input: $input) {
      orderId
      paymentLink
      secretUuid
      validationResult {
        isValid
        problems {
          field
          message
        }
      }
    }
  }
`;

const ORDER_FIELDS = gql`
  fragment CheckoutOrder on Order {
    id
    eventId
    customerId
    state
    paymentMethod
    ticketsIssued
    ticketsAssigned
    completedAt
    paymentLink
    paymentFailure
    couponCodes {
      code
    }
    customer {
      firstName
      lastName
      email
    }
    subtotalPrice {
      ...CheckoutMoney
    }
    totalPrice {
      ...CheckoutMoney
    }
    totalPriceExcluding {
      ...CheckoutMoney
    }
    vatAmount {
      ...CheckoutMoney
    }
    cartDiscountPrice {
      ...CheckoutMoney
    }
    loyaltyPoints
    loyaltyDiscountValue {
      ...CheckoutMoney
    }
    loyaltyBurnState
    affiliateCode
    loyaltyEarning {
      points
      pointsState
      pointsPostAt
    }
    items {
      id
      catalogueItemId
      name {
        en
        ar
      }
      quantity
      total {
        ...CheckoutMoney
      }
      subItems {
        ...CheckoutSubItem
      }
    }
    pdfTickets {
      id
      orderItemId
      name {
        en
        ar
      }
      holder {
        firstName
        lastName
        email
      }
    }
  }
  ${LINE}
`;

export type OrderData = OrderView & { customerId: string; couponCodes: { code: string }[]; affiliateCode: string | null };

export const ORDER: TypedDocumentNode<{ order: OrderData | null }, { orderId: string; secretUuid?: string | null | undefined }> = gql`
  query CheckoutOrder($orderId: ID!, $secretUuid: ID) {
    order(orderId: $orderId, secretUuid: $secretUuid, includeAssignment: true) {
      ...CheckoutOrder
    }
  }
  ${ORDER_FIELDS}
`;

export const ORDERS: TypedDocumentNode<
  { orders: { items: OrderData[]; currentPage: number; pageSize: number; totalCount: number; totalPages: number } },
  { page: number; limit: number }
> = gql`
  query AccountOrders($page: Int!, $limit: Int!) {
    orders(page: $page, limit: $limit, orderBy: completed_at, direction: desc, includeAssignment: true) {
      items {
        ...CheckoutOrder
      }
      currentPage
      pageSize
      totalCount
      totalPages
    }
  }
  ${ORDER_FIELDS}
`;

export const ORDERS_COUNT: TypedDocumentNode<{ orders: { totalCount: number } }, Record<string, never>> = gql`
  query AccountOrdersCount {
    orders(limit: 1) {
      totalCount
    }
  }
`;

export const TICKET_DOWNLOAD_URL: TypedDocumentNode<
  { ticketDownloadUrl: string },
  { ticketId: string; secretUuid?: string | null | undefined }
> = gql`
  query CheckoutTicketDownload($ticketId: ID!, $secretUuid: ID) {
    ticketDownloadUrl(ticketId: $ticketId, secretUuid: $secretUuid)
  }
`;

export const APPLE_PAY_CHECKOUT: TypedDocumentNode<
  { applePayCheckout: { returnUrl: string } },
  { input: { orderId: string; secretUuid?: string | null | undefined; paymentToken: string } }
> = gql`
  mutation CheckoutWallet($input: ApplePayCheckoutInput!) {
    applePayCheckout(input: $input) {
      returnUrl
    }
  }
`;

export const ASSIGN_ORDER_TICKETS: TypedDocumentNode<
  { assignOrderTickets: { id: string; ticketsAssigned: boolean } },
  {
    orderId: string;
    secretUuid?: string | null | undefined;
    ticketAssignments: { ticketId: string; firstName: string; lastName: string; email: string }[];
  }
> = gql`
  mutation AssignOrderTickets($orderId: ID!, $secretUuid: ID, $ticketAssignments: [TicketAssignmentInput!]!) {
    assignOrderTickets(orderId: $orderId, secretUuid: $secretUuid, ticketAssignments: $ticketAssignments) {
      id
      ticketsAssigned
    }
  }
`;

export const WHATSAPP_OPTIN: TypedDocumentNode<
  { whatsappOptin: { status: 'OPTED_IN' | 'ALREADY_OPTED_IN' } },
  { input: { phoneNumber: string; orderId?: string | undefined; locale: string } }
> = gql`
  mutation CheckoutWhatsappOptin($input: WhatsappOptinInput!) {
    whatsappOptin(input: $input) {
      status
    }
  }
`;
