import type pg from 'pg';

/** An ORCID iD made from a number, with its check digit (ISO 7064 11,2). */
function orcidOf(n: number): string {
  const digits = `9${String(n).padStart(14, '0')}`.split('').map(Number);
  const total = digits.reduce((sum, digit) => (sum + digit) * 2, 0);
  const check = (12 - (total % 11)) % 11;
  return `${digits.join('')}${check === 10 ? 'X' : check}`.replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * The bench's readers: `users` accounts (inserted as the owner, as other benches do), each
 * following 50 things: 40 items, 1 field (with its subfields: the synthetic catalog's 17 fields are
 * broad, a field is a tenth of the catalog), 3 organizations, 3 researchers and 3 saved searches
 * out of `searches` distinct ones; a tenth have new items mailed at once, a tenth weekly,
 * a tenth not at all, the rest the default (daily). `researchers` users with a public profile and
 * a verified ORCID iD are named among the people of some catalog items.
 */
export async function seedReaders(
  pool: pg.Pool,
  options: { users: number; researchers: number; searches: number },
): Promise<{ follows: number; distinctSearches: number }> {
  await pool.query(
    `insert into auth.users (email, email_confirmed_at, created_at)
     select 'bench-notify-' || i || '@example.org', now(), now() - interval '1 year'
     from generate_series(1, $1) as i on conflict do nothing`,
    [options.users + options.researchers],
  );
  await pool.query(
    `update public.user_profiles p set notification_preferences = case abs(hashtext(u.email)) % 10
       when 0 then '{"email": {"new_items": "instant"}}'::jsonb
       when 1 then '{"email": {"new_items": "weekly"}}'::jsonb
       when 2 then '{"email": {"new_items": "off"}}'::jsonb
       else p.notification_preferences end
     from auth.users u where u.id = p.id and u.email like 'bench-notify-%'`,
  );
  const orcids = Array.from({ length: options.researchers }, (_, i) => orcidOf(i + 1));
  await pool.query(
    `with researchers as (
       select u.id, row_number() over (order by u.email) as n from auth.users u
       where u.email like 'bench-notify-%' and split_part(split_part(u.email, '-', 3), '@', 1)::integer > $2)
     insert into public.verified_orcid_ids (user_id, orcid_id)
     select r.id, ($1::text[])[r.n] from researchers r where r.n <= cardinality($1::text[])
     on conflict do nothing`,
    [orcids, options.users],
  );
  await pool.query(
    `update public.user_profiles p set display_name = 'Researcher ' || v.orcid_id, is_public = true
     from public.verified_orcid_ids v where v.user_id = p.id`,
  );
  await pool.query(
    `insert into public.people (full_name, orcid_id) select 'Researcher ' || o, o from unnest($1::text[]) o`,
    [orcids],
  );
  // each researcher named on some items
  await pool.query(
    `insert into public.content_people (content_id, person_id, role)
     select ci.id, pe.id, 'author'
     from (select id, row_number() over (order by id) as n from public.content_items where status = 'published') ci
     join (select id, row_number() over (order by id) as n from public.people where full_name like 'Researcher %') pe
       on pe.n = 1 + ci.n % $1
     where ci.n % 7 = 0
     on conflict do nothing`,
    [options.researchers],
  );
  const searches = await pool.query<{ q: string }>(
    `select 'search=' || v.word || case g % 3 when 0 then '' when 1 then '&type=software'
              else '&domain=' || (select d.slug from public.scientific_domains d order by d.slug offset g % 40 limit 1) end as q
     from (select word, row_number() over (order by word) as n from public.search_vocabulary
           where char_length(word) between 5 and 12 and word ~ '^[a-z]+$' order by word limit $1) v
     cross join lateral (select (v.n % 3)::integer as g) x`,
    [options.searches],
  );
  const queries = searches.rows.map((row) => row.q);
  await pool.query(
    `with readers as (select u.id, row_number() over (order by u.email) as n from auth.users u
                      where u.email like 'bench-notify-%' and u.id not in (select user_id from public.verified_orcid_ids)),
     items as (select array_agg(id order by id) as a from public.content_items where status = 'published'),
     fields as (select array_agg(id order by id) as a from public.scientific_domains),
     orgs as (select array_agg(distinct organization_id) as a from public.content_items where organization_id is not null),
     people as (select array_agg(user_id order by user_id) as a from public.verified_orcid_ids)
     insert into public.follows (user_id, target_type, content_id, domain_id, organization_id, person_id, search_query)
     select r.id, t.kind,
            case when t.kind = 'item' then items.a[1 + abs(hashtext(r.id::text || k)) % cardinality(items.a)] end,
            case when t.kind = 'field' then fields.a[1 + abs(hashtext(r.id::text || k)) % cardinality(fields.a)] end,
            case when t.kind = 'organization' then orgs.a[1 + abs(hashtext(r.id::text || k)) % cardinality(orgs.a)] end,
            case when t.kind = 'person' then people.a[1 + abs(hashtext(r.id::text || k)) % cardinality(people.a)] end,
            case when t.kind = 'search' then ($1::text[])[1 + abs(hashtext(r.id::text || k)) % cardinality($1::text[])] end
     from readers r, items, fields, orgs, people,
          generate_series(1, 50) k
          cross join lateral (select case when k <= 40 then 'item' when k <= 41 then 'field' when k <= 44 then 'organization'
                                          when k <= 47 then 'person' else 'search' end as kind) t
     on conflict do nothing`,
    [queries],
  );
  const counted = await pool.query<{ follows: string; searches: string }>(
    'select count(*) as follows, count(distinct search_query) as searches from public.follows',
  );
  return { follows: Number(counted.rows[0]!.follows), distinctSearches: Number(counted.rows[0]!.searches) };
}

/**
 * A harvest's new items, committed in one transaction as a harvest page is: `count` items copied
 * from published ones (their fields, organization and named people), with new slugs and titles.
 */
export async function harvestNewItems(pool: pg.Pool, count: number, round: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temporary table harvest_source on commit drop as
       select ci.id as source_id, gen_random_uuid() as id, ci.slug, ci.title, ci.short_description, ci.description,
              ci.content_type, ci.tags, ci.organization_id, ci.year
       from public.content_items ci where ci.status = 'published' and ci.slug not like 'harvest-%'
       order by md5(ci.id::text || $2) limit $1`,
      [count, round],
    );
    await client.query(
      `insert into public.content_items (id, slug, title, short_description, description, content_type, tags,
                                         organization_id, year, status, published_at)
       select h.id, left('harvest-' || $1 || '-' || h.slug, 100), h.title || ' ' || $1, h.short_description,
              h.description, h.content_type, h.tags, h.organization_id, h.year, 'published', now()
       from harvest_source h`,
      [round],
    );
    await client.query(
      `insert into public.content_domains (content_id, domain_id, is_primary)
       select h.id, cd.domain_id, cd.is_primary from harvest_source h join public.content_domains cd on cd.content_id = h.source_id`,
    );
    await client.query(
      `insert into public.content_people (content_id, person_id, role, order_index)
       select h.id, cp.person_id, cp.role, cp.order_index
       from harvest_source h join public.content_people cp on cp.content_id = h.source_id`,
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
