-- Security monitor (docs/product.md#security-log, #input-watcher): what the gateway and the browser's input watcher
-- noticed. Written only by the gateway over its owner connection (never through the Data API:
-- no insert/update/delete grant or policy exists); read by admins through supabase-js.
--
-- Privacy: the client address is never stored. client_hash is an HMAC of the address (an IPv6
-- /64 as one) under the project's JWT secret, so events from one address can be grouped
-- without the address being readable from the table; see docs/decisions/0007-hardened-gateway.md.
create table public.security_events (
  id bigint generated always as identity primary key,
  event_type text not null check (event_type in (
    'rls_violation', 'unauthorized', 'rate_limit', 'suspicious_input', 'security_logging_failure'
  )),
  severity text not null check (severity in ('low', 'medium', 'high', 'critical')),
  user_id uuid references auth.users (id) on delete set null,
  actor text not null check (actor in ('user', 'anonymous', 'system')),
  path text check (char_length(path) <= 2048),
  method text check (char_length(method) <= 16),
  client_hash text check (char_length(client_hash) <= 128),
  details jsonb not null default '{}'::jsonb
    check (jsonb_typeof(details) = 'object' and octet_length(details::text) <= 8192),
  created_at timestamptz not null default now()
);
grant all on sequence public.security_events_id_seq to anon, authenticated;
alter table public.security_events enable row level security;
revoke all on public.security_events from public, anon, authenticated;
grant select on public.security_events to authenticated;

create index security_events_created_at_idx on public.security_events (created_at desc, id desc);

create index security_events_type_idx on public.security_events (event_type, created_at desc);

create index security_events_severity_idx on public.security_events (severity, created_at desc);

create index security_events_user_idx on public.security_events (user_id) where user_id is not null;

-- Admins read; anon and every other role see nothing; nobody writes through the API.
create policy security_events_admin_read on public.security_events
  for select to authenticated
  using (public.is_admin());

-- Counts per severity (optionally of one event type) for the admin page's summary. Invoker
-- rights: RLS applies, so anyone but an admin counts zero rows.
create or replace function public.security_event_severity_counts(_event_type text default null)
returns table (severity text, total bigint)
language sql stable security invoker set search_path = '' as $$
  select s.severity, count(e.id)
  from (values ('low'), ('medium'), ('high'), ('critical')) as s (severity)
  left join public.security_events e
    on e.severity = s.severity and (_event_type is null or e.event_type = _event_type)
  group by s.severity
$$;
revoke execute on function public.security_event_severity_counts(text) from public, anon;
grant execute on function public.security_event_severity_counts(text) to authenticated;
