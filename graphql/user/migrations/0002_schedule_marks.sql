-- "My schedule": the performances a user marked, by content id (content ids never change, slugs may).
-- One row per user and performance, so marking twice keeps one mark.
create table users.schedule_marks (
  user_id text not null references users.profiles (id) on delete cascade,
  performance_id text not null check (performance_id ~ '^[a-z0-9-]{1,120}$'),
  marked_at timestamptz not null default now(),
  primary key (user_id, performance_id)
);
