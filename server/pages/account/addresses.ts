import { gql, type TypedDocumentNode } from '@apollo/client';
import {
  ADDRESS_ADD_FORM,
  ADDRESS_DEFAULT_FORM,
  ADDRESS_DELETE_FORM,
  ADDRESS_EDIT_FORM,
  AddressesPage,
  type Address,
  type AddressesPageData,
} from '#views/pages/account/AddressesPage.tsx';
import type { AddressInput } from '#platform/profile-rules.ts';
import { addressForm } from '../../forms/account-area-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { page, type FormAction, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import {
  AccountRefusal,
  accessTokenOrSignIn,
  accountAnalytics,
  serviceFailure,
  signInAgainOutcome,
  trackAccount,
} from './account-access.ts';

/** An address as the address book shows it and the data download exports it. */
export const ADDRESS_FIELDS = gql`
  fragment AddressFields on Address {
    id
    nickname
    isDefault
    address1
    address2
    city
    state
    postalCode
    countryCode
  }
`;

const ADDRESSES: TypedDocumentNode<{ userAddresses: Address[] }> = gql`
  query AccountAddresses {
    userAddresses {
      ...AddressFields
    }
  }
  ${ADDRESS_FIELDS}
`;

const ADD_ADDRESS: TypedDocumentNode<{ addUserAddress: Address }, { input: AddressInput }> = gql`
  mutation AddUserAddress($input: AddressInput!) {
    addUserAddress(input: $input) {
      ...AddressFields
    }
  }
  ${ADDRESS_FIELDS}
`;

const UPDATE_ADDRESS: TypedDocumentNode<{ updateUserAddress: Address }, { addressId: string; input: AddressInput }> = gql`
  mutation UpdateUserAddress($addressId: ID!, $input: AddressInput!) {
    updateUserAddress(addressId: $addressId, input: $input) {
      ...AddressFields
    }
  }
  ${ADDRESS_FIELDS}
`;

const DELETE_ADDRESS: TypedDocumentNode<{ deleteUserAddress: boolean }, { addressId: string }> = gql`
  mutation DeleteUserAddress($addressId: ID!) {
    deleteUserAddress(addressId: $addressId)
  }
`;

/** SPEC 8: every failure of the address book says the address could not be saved. */
const SAVE_FAILED = 'account:addresses.saveFailed';
/** An address id the visitor does not have (removed meanwhile in another tab, or made up). */
const ADDRESS_GONE = 'account:addresses.gone';

const only = (value: unknown) => (typeof value === 'string' && value.length <= 100 ? value : undefined);

/**
 * SPEC 2.4, 3.3, 4.3: the address book, default first. Editing (`?edit=`) and the delete
 * confirmation (`?delete=`) are states of the page's URL, so both work without JavaScript.
 */
const addressesPage: PageModule<AddressesPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const { userAddresses } = await context.services.user.query(ADDRESSES, {}, { accessToken: access.token });
    // SPEC 4.3: the default address first (the service orders so too; the page does not rely on it).
    const addresses = [...userAddresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const editId = only(context.req.query.edit);
    const deleteId = only(context.req.query.delete);
    return page(
      {
        addresses,
        editing: addresses.find((address) => address.id === editId) ?? null,
        deleting: addresses.find((address) => address.id === deleteId) ?? null,
      },
      { title: context.t('account:addresses.title'), noIndex: true },
      accountAnalytics('addresses'),
    );
  },
  View: AddressesPage,
  actions: {
    'add-address': {
      form: ADDRESS_ADD_FORM,
      async handle(context, body) {
        const parsed = parseForm(addressForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        return withToken(
          context,
          async (accessToken) => {
            const { isDefault, ...fields } = parsed.data;
            await context.services.user.mutate(ADD_ADDRESS, { input: { ...fields, isDefault: isDefault || undefined } }, { accessToken });
            trackAccount(context, 'addresses', 'user_address_added', { country_code: fields.countryCode });
            return { kind: 'succeeded', message: 'account:addresses.added', redirectTo: context.urls.route('accountAddresses') };
          },
          body,
        );
      },
    },
    'update-address': {
      form: ADDRESS_EDIT_FORM,
      async handle(context, body) {
        const parsed = parseForm(addressForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const addressId = only(body.addressId);
        if (!addressId) return { kind: 'invalid', values: body, errors: {}, message: ADDRESS_GONE };
        return withToken(
          context,
          async (accessToken) => {
            const { isDefault, ...fields } = parsed.data;
            // An unticked box leaves the default as it is: there is always one default address.
            await context.services.user.mutate(
              UPDATE_ADDRESS,
              { addressId, input: { ...fields, isDefault: isDefault || undefined } },
              { accessToken },
            );
            trackAccount(context, 'addresses', 'user_address_updated', { country_code: fields.countryCode });
            return { kind: 'succeeded', message: 'account:addresses.updated', redirectTo: context.urls.route('accountAddresses') };
          },
          body,
        );
      },
    },
    'make-default': listAction(ADDRESS_DEFAULT_FORM, async (context, addressId, accessToken) => {
      const { userAddresses } = await context.services.user.query(ADDRESSES, {}, { accessToken });
      const address = userAddresses.find((candidate) => candidate.id === addressId);
      if (!address) throw new AccountRefusal(ADDRESS_GONE);
      const { nickname, address1, address2, city, state, postalCode, countryCode } = address;
      const input = { nickname, address1, address2, city, state, postalCode, countryCode, isDefault: true };
      await context.services.user.mutate(UPDATE_ADDRESS, { addressId, input }, { accessToken });
      return 'account:addresses.madeDefault';
    }),
    'delete-address': listAction(ADDRESS_DELETE_FORM, async (context, addressId, accessToken) => {
      await context.services.user.mutate(DELETE_ADDRESS, { addressId }, { accessToken });
      trackAccount(context, 'addresses', 'user_address_removed');
      return 'account:addresses.removed';
    }),
  },
};

/** Calls the user service as the visitor; a failure is SPEC 8's "address could not be saved". */
async function withToken(
  context: PageContext,
  act: (accessToken: string) => Promise<FormOutcome>,
  values: Record<string, string>,
): Promise<FormOutcome> {
  const access = await accessTokenOrSignIn(context);
  if ('signIn' in access) return signInAgainOutcome(context);
  try {
    return await act(access.token);
  } catch (error) {
    return serviceFailure(context, error, 'Saving an address failed', values, SAVE_FAILED, {
      ADDRESS_LIMIT_REACHED: 'account:addresses.limitReached',
      NOT_FOUND: ADDRESS_GONE,
    });
  }
}

/** An action on one address of the list (by its id), back to the plain list when done. */
function listAction(form: string, act: (context: PageContext, addressId: string, accessToken: string) => Promise<string>): FormAction {
  return {
    form,
    async handle(context, body) {
      const addressId = only(body.addressId);
      if (!addressId) return { kind: 'invalid', values: {}, errors: {}, message: ADDRESS_GONE };
      return withToken(
        context,
        async (accessToken) => ({
          kind: 'succeeded',
          message: await act(context, addressId, accessToken),
          redirectTo: context.urls.route('accountAddresses'),
        }),
        {},
      );
    },
  };
}

export default addressesPage;
