import type pg from 'pg';

/**
 * The scientific domains and their published-item counts, as the app reads them through the
 * Data API (`scientific_domains` ordered by name, the `domain_counts` view), for the landing's
 * field cards and the browse page's domain filter. json_agg writes each row as PostgREST would.
 */
export interface DomainData {
  domains: unknown[];
  counts: Array<{ domain_id: string; count: number }>;
}

export async function loadDomainData(pool: pg.Pool): Promise<DomainData> {
  const { rows } = await pool.query<DomainData>(
    `select coalesce((select json_agg(d order by d.name) from public.scientific_domains d), '[]') as domains,
            coalesce((select json_agg(json_build_object('domain_id', c.domain_id, 'count', c.count))
                      from public.domain_counts c
                      where c.domain_id is not null and c.count is not null), '[]') as counts`,
  );
  return rows[0] ?? { domains: [], counts: [] };
}

/** The fields as the landing lists them (by name), each with its count; rows of another shape are left out. */
export function landingFields(data: DomainData): Array<{ slug: string; name: string; count: number }> {
  const counts = new Map(data.counts.map((row) => [row.domain_id, row.count]));
  return data.domains.flatMap((row) =>
    typeof row === 'object' &&
    row !== null &&
    'id' in row &&
    typeof row.id === 'string' &&
    'slug' in row &&
    typeof row.slug === 'string' &&
    'name' in row &&
    typeof row.name === 'string'
      ? [{ slug: row.slug, name: row.name, count: counts.get(row.id) ?? 0 }]
      : [],
  );
}
