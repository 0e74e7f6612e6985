-- The browse index follows the live signals (docs/product.md#browse-health): when enrich stores
-- an item's signals or link checks, its content_search row takes the new citations, stars,
-- latest activity, archived flag and link health (refresh_content_search, 05_search.sql). Here
-- rather than in 05_search.sql because the tables are created in 12_signals.sql.

create trigger item_signals_search_insert after insert on public.item_signals
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger item_signals_search_update after update on public.item_signals
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger item_signals_search_delete after delete on public.item_signals
  referencing old table as old_rows for each statement execute function public.refresh_search_from_details();

create trigger link_checks_search_insert after insert on public.link_checks
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger link_checks_search_update after update on public.link_checks
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger link_checks_search_delete after delete on public.link_checks
  referencing old table as old_rows for each statement execute function public.refresh_search_from_details();
