import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ServiceClient } from '../services/service-client.ts';

/** SPEC 4.1: the current user, as read when a sign-in completes. */
export interface CurrentUser {
  username: string;
  onboarded: boolean;
  firstName: string;
  lastName: string;
  email: string;
}

export type ReadCurrentUser = (accessToken: string) => Promise<CurrentUser>;

const CURRENT_USER: TypedDocumentNode<{ user: CurrentUser }, Record<string, never>> = gql`
  query SignedInUser {
    user {
      username
      onboarded
      firstName
      lastName
      email
    }
  }
`;

/** Reads the current user from the user service with the new access token, never from a cache. */
export const currentUserReader =
  (users: ServiceClient): ReadCurrentUser =>
  async (accessToken) =>
    (await users.query(CURRENT_USER, {}, { accessToken, fresh: true })).user;
