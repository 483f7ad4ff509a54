-- A card's 3-D Secure step can fail, which the gateway reports apart from a decline (decision 0048).
alter table payment_sandbox.payments drop constraint payments_state_check;
alter table payment_sandbox.payments add constraint payments_state_check
  check (state in ('OPEN', 'CHALLENGE', 'SUCCEEDED', 'DECLINED', 'INSUFFICIENT_FUNDS', 'AUTHENTICATION_FAILED', 'VOIDED'));
