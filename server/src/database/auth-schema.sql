-- The auth service's own tables: sessions, refresh tokens, e-mail link tokens and MFA factors.
-- Only the embedded backend has them (a hosted project's GoTrue keeps its own), so they are
-- created here by the bootstrap, never in supabase/migrations. The bootstrap runs on every
-- start, so every statement is idempotent. Secrets handed to clients (refresh tokens, e-mail
-- links and codes, backup codes) are stored only as digests or bcrypt hashes.

alter table auth.users add column if not exists email_change_sent_at timestamptz;
-- when an administrator last invited the address (GoTrue's column of the same name)
alter table auth.users add column if not exists invited_at timestamptz;

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  -- the MFA factor that raised the session to aal2
  factor_id uuid,
  -- authentication methods used in this session, newest first: [{method, timestamp}]
  amr jsonb not null default '[]' check (jsonb_typeof(amr) = 'array'),
  -- the session ends at this moment (logout of a token family, a revoked session)
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  -- SHA-256 (hex) of the refresh token handed out; the token itself is never stored
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  -- `token` of the refresh token this one replaced (null for the first of a session)
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Links and codes sent by e-mail. One live token per user and purpose: a new one replaces it.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('signup', 'recovery', 'email_change')),
  -- SHA-256 (hex) of the token in the link
  token_hash text not null unique,
  -- SHA-256 (hex) of the address and the six-digit code printed in the mail
  code_hash text not null,
  -- the address the mail went to (for an e-mail change, the new address)
  relates_to text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (user_id, token_type)
);
-- Kinds added later (the undo link of an e-mail change, the re-authentication code, the sign-in
-- link and the invitation): the check is
-- replaced on every start so that databases made before them accept them too.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('signup', 'recovery', 'email_change', 'email_change_undo', 'reauthentication', 'magiclink',
                        'invite'));
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (lower(relates_to));

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text check (char_length(friendly_name) <= 100),
  factor_type text not null default 'totp' check (factor_type = 'totp'),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- base32 TOTP secret
  secret text not null,
  -- TOTP time step of the last accepted code: a code is accepted once
  last_time_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_key
  on auth.mfa_factors (user_id, friendly_name) where friendly_name is not null and friendly_name <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  -- a challenge is verified from the address that asked for it
  ip_address text not null,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

-- SciAI's own addition to GoTrue: single-use backup codes standing in for a TOTP code.
create table if not exists auth.mfa_backup_codes (
  id bigint generated always as identity primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  code_hash text not null, -- bcrypt
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists mfa_backup_codes_factor_id_idx on auth.mfa_backup_codes (factor_id);

-- Sign-in with an outside provider (GitHub, ORCID): one row per account at a provider, as GoTrue's
-- auth.identities. An account made with e-mail and password has no row here: its e-mail identity
-- is derived from auth.users.
create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  -- the provider's own id of the account (GitHub's numeric user id, the ORCID iD)
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}' check (jsonb_typeof(identity_data) = 'object'),
  provider text not null check (provider in ('github', 'orcid')),
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- One OAuth round trip, from GET /authorize to the session: its id is the `state` sent to the
-- provider, so a callback is accepted once, for a flow this service started, within its lifetime.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  provider_type text not null,
  -- PKCE: the client's challenge; absent for the implicit flow
  code_challenge text,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  -- where the browser goes afterwards (already checked against the site's origin)
  referrer text not null,
  -- the redirect_uri given to the provider, which its token endpoint wants again
  callback_url text not null,
  -- linkIdentity: the signed-in account the new identity joins
  linking_target_id uuid references auth.users (id) on delete cascade,
  -- set by the callback: the account signed in, and SHA-256 (hex) of the code handed to the client
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text unique,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at);

-- The provider's access token of each account's latest sign-in there, for server-side calls made
-- on the user's behalf (GitHub: repository permissions). Never handed to browsers.
create table if not exists auth.provider_tokens (
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null,
  access_token text not null,
  refresh_token text,
  scopes text,
  updated_at timestamptz not null default now(),
  primary key (user_id, provider)
);

-- Only the auth service (the database owner) touches these; the API roles see none of them.
revoke all on auth.sessions, auth.refresh_tokens, auth.one_time_tokens, auth.mfa_factors, auth.mfa_challenges,
  auth.mfa_backup_codes, auth.identities, auth.flow_state, auth.provider_tokens
  from public, anon, authenticated, service_role;
