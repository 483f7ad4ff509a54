/**
 * Why the user pool refused an operation; the API answers these codes (decision 0020) and the
 * site's forms turn each into a SPEC 5/8 message.
 */
export type AccountRefusalReason =
  | 'account_exists'
  | 'invalid_password'
  | 'invalid_request'
  | 'code_mismatch'
  | 'code_expired'
  | 'too_many_requests'
  | 'delivery_failed'
  | 'wrong_password'
  | 'federated_account'
  | 'unauthorized';

export class AccountRefusal extends Error {
  override name = 'AccountRefusal';
  constructor(
    readonly reason: AccountRefusalReason,
    message: string = reason,
  ) {
    super(message);
  }
}

/** SPEC 8 `api.error.account.exists`: the email already belongs to an account. */
export class AccountExistsError extends AccountRefusal {
  override name = 'AccountExistsError';
  readonly code = 'api.error.account.exists';
  constructor(message = 'An account already exists for this email') {
    super('account_exists', message);
  }
}

/** The e-mail could not be handed to the mail server. */
export class DeliveryFailedError extends AccountRefusal {
  override name = 'DeliveryFailedError';
  constructor(cause: unknown) {
    super('delivery_failed', 'The e-mail could not be sent');
    this.cause = cause;
  }
}
