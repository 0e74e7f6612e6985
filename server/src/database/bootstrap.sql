-- What a hosted Supabase database already has and the migrations rely on: the API roles, the
-- `auth` schema with its users table and JWT helpers, and the `extensions` schema. Every
-- statement is conditional, so this is a no-op on Supabase and on a database bootstrapped before.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
exception when duplicate_object or unique_violation then
  null; -- another database in the same cluster created it a moment ago
end $$;

grant anon, authenticated, service_role to authenticator;

-- Statement timeouts per API role, as hosted Supabase sets them for anon and authenticated.
-- PostgREST applies the impersonated role's setting to every request (it reads them when it loads
-- its configuration), so a runaway statement is cancelled (57014) instead of holding a connection.
-- The service role is the operator's CLI: 30 minutes, as long as the gateway waits for it. An
-- import's calls get as long from public.check_request_session(). PGlite ignores
-- statement_timeout (docs/security.md, "Process faults and runaway statements"). Set only when
-- different: roles belong to the whole cluster, and every start runs this.
do $$
declare
  wanted record;
begin
  for wanted in select * from (values ('anon', '3s'), ('authenticated', '8s'), ('service_role', '30min'))
                as v (role, timeout) loop
    if not exists (select 1 from pg_roles r
                   where r.rolname = wanted.role and 'statement_timeout=' || wanted.timeout = any (r.rolconfig)) then
      execute format('alter role %I set statement_timeout = %L', wanted.role, wanted.timeout);
    end if;
  end loop;
end $$;

-- No JIT compilation on PostgreSQL (docs/decisions/0054-no-jit-compilation.md). The catalog's
-- statements are small, but the planner counts 1000 rows for every set-returning function
-- (regexp_split_to_table in the licence rule, which every software and agent write runs), so their
-- plans pass jit_above_cost and each call compiled machine code for 50-120 ms to run for well under
-- one. Off for the database, so that every later session has it, and for this session, which goes
-- on to migrate and seed. Nothing to do where there is no JIT (PGlite); left on, with a notice,
-- where this role may not alter the database.
do $$
begin
  if pg_catalog.pg_jit_available() then
    perform pg_catalog.set_config('jit', 'off', false);
    if not exists (select 1 from pg_catalog.pg_db_role_setting s join pg_catalog.pg_database d on d.oid = s.setdatabase
                   where d.datname = current_database() and s.setrole = 0 and 'jit=off' = any (s.setconfig)) then
      execute format('alter database %I set jit = off', current_database());
    end if;
  end if;
exception when insufficient_privilege then
  raise notice 'JIT compilation stays on: this role may not alter the database';
end $$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_token text,
  confirmation_sent_at timestamptz,
  recovery_token text,
  recovery_sent_at timestamptz,
  email_change text,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  banned_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index if not exists users_email_key on auth.users (lower(email)) where deleted_at is null;

-- The caller's identity, as PostgREST sets it from the verified JWT.
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;

-- The default privileges a new Supabase project gives what the migrating role creates in `public`:
-- everything to the API roles. The migrations up to 20261207132110_new_tables_private were written
-- for them (their tables rely on them); that migration takes them back from anon and authenticated
-- (docs/decisions/0081-new-tables-private-by-default.md). So they are given once, on a database no
-- migration has run on yet, never again on a later start, which would open the next new table.
do $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
    alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;
  end if;
end $$;
