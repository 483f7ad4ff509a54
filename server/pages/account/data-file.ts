import { gql, type TypedDocumentNode } from '@apollo/client';
import { file, type PageModule } from '../../page.ts';
import { restrictCaching } from '../../render/cache-policy.ts';
import { accessTokenOrSignIn, trackAccount } from './account-access.ts';
import { ADDRESS_FIELDS } from './addresses.ts';

/** Everything the user service keeps about the caller, in one round trip. */
const EVERYTHING: TypedDocumentNode<Record<string, unknown>> = gql`
  query AccountDataExport {
    user {
      id
      username
      firstName
      middleName
      lastName
      email
      phoneNumber
      whatsappPhone
      birthDate
      gender
      locale
      loyaltyMemberId
      onboarded
      confirmed
    }
    userAddresses {
      ...AddressFields
    }
    userNotificationPreferences {
      id
      nameEn
      analyticsName
      subscribed
    }
    mySchedule
  }
  ${ADDRESS_FIELDS}
`;

/**
 * Beyond SPEC 2.1: "download my data" (Saudi PDPL: a copy of one's personal data). A JSON file of
 * what the identity service and the user service keep about the signed-in user. Never cached.
 */
const dataFile: PageModule<null> = {
  requiresSignIn: true,
  async load(context) {
    restrictCaching(context.res, 'no-store');
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const [account, profile] = await Promise.all([
      context.services.userPool.account(access.token),
      context.services.user.query(EVERYTHING, {}, { accessToken: access.token }),
    ]);
    const { user, userAddresses, userNotificationPreferences, mySchedule } = profile;
    const body = {
      exportedAt: new Date().toISOString(),
      account,
      profile: user,
      addresses: userAddresses,
      newsletters: userNotificationPreferences,
      schedule: mySchedule,
    };
    trackAccount(context, 'manage', 'user_data_enquired');
    return file('nabd-my-data.json', 'application/json', `${JSON.stringify(body, null, 2)}\n`);
  },
  View: () => null,
};

export default dataFile;
