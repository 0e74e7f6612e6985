-- The enrich tables' privileges as 12_signals.sql sets them: new tables get every privilege for
-- anon and authenticated by default, so the schema's revokes are carried here explicitly.
revoke all on public.item_signals from anon, authenticated;
grant select on public.item_signals to anon, authenticated;
revoke all on public.item_signal_history from anon, authenticated;
grant select on public.item_signal_history to anon, authenticated;
revoke all on public.link_checks from anon, authenticated;
grant select on public.link_checks to anon, authenticated;
revoke all on public.item_enrich_state from anon, authenticated;
grant select on public.item_enrich_state to authenticated;
revoke all on public.enrich_requests from anon, authenticated;
revoke all on public.enrich_runs from anon;
revoke insert, update, delete, truncate, references, trigger on public.enrich_runs from authenticated;
revoke all on public.enrich_http_cache from anon, authenticated;
