-- SPEC 5: when the user accepted the terms and conditions (at onboarding); null before.
alter table users.profiles add column terms_accepted_at timestamptz;
