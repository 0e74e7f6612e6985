-- Reviews and ratings (docs/product.md#reviews).
--
-- item_ratings is each published item's rating as the catalog shows it: the count and mean of its
-- published reviews by ORCID-verified reviewers, their Bayesian average (rating_score, what
-- browse sorts by), and apart from them the count and mean of its other published reviews. One
-- row per item that has a published review; the reviews' triggers keep it exact. Readable by
-- everyone; written only by those triggers and the service role.
create table public.item_ratings (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  verified_count integer not null default 0 check (verified_count >= 0),
  verified_average numeric(3, 2) check (verified_average between 1 and 5),
  rating_score double precision check (rating_score between 1 and 5),
  other_count integer not null default 0 check (other_count >= 0),
  other_average numeric(3, 2) check (other_average between 1 and 5),
  updated_at timestamptz not null default now(),
  constraint item_ratings_verified_mean check ((verified_count = 0) = (verified_average is null)),
  constraint item_ratings_other_mean check ((other_count = 0) = (other_average is null))
);
alter table public.item_ratings enable row level security;
grant select on public.item_ratings to anon, authenticated;
create policy "ratings of published items are public" on public.item_ratings for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published'));

create index item_ratings_score_idx on public.item_ratings (rating_score desc nulls last);
