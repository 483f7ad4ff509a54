-- Decision 0039: a loyalty member is linked to one account at most, and the account keeps the
-- programme's last verification of the member (the token proves the PIN until it expires).
create unique index profiles_by_loyalty_member on users.profiles (loyalty_member_id) where loyalty_member_id is not null;
alter table users.profiles add column loyalty_linked_at timestamptz;
alter table users.profiles add column loyalty_verification_token text;
alter table users.profiles add column loyalty_verification_expires_at timestamptz;
