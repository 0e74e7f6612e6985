-- The browse index and the cards follow the ratings (docs/decisions/0085-ratings-in-browse.md):
-- when an item's rating changes, its content_search row takes the new score (what 'Highest
-- Rated' sorts by) and the 'Rated 4★ and up' feature, and its card the new rating
-- (refresh_content_search, 05_search.sql). The score is kept like the popularity counters: it
-- leaves the catalog version alone, so cached facet counts stay; a change that moves the item in
-- or out of 'Rated 4★ and up' changes a facet count, and bumps it. Here rather than in
-- 05_search.sql because item_ratings is created in 19_reviews.sql.

create trigger item_ratings_search_insert after insert on public.item_ratings
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger item_ratings_search_update after update on public.item_ratings
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger item_ratings_search_delete after delete on public.item_ratings
  referencing old table as old_rows for each statement execute function public.refresh_search_from_details();
