import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db.ts';
import { validationFailed } from './errors.ts';
import { queryString } from './request.ts';
import { IDENTITY_COLUMNS, type IdentityRow } from './oauth/identities.ts';
import { USER_COLUMNS, userJson, type FactorRow, type UserRow } from './users.ts';

/** GoTrue's default page size. */
const DEFAULT_PER_PAGE = 50;
/** The most one page holds (GoTrue's cap for its cursor pages): a bigger per_page gets this many. */
export const MAX_PER_PAGE = 1000;

export interface UserPage {
  page: bigint;
  perPage: bigint;
  /** GoTrue's `filter`: part of the address or of user_metadata.full_name. */
  filter: string | undefined;
}

/** page and per_page as GoTrue's paginate reads them (empty means the default), within limits. */
export function readUserPage(request: FastifyRequest): UserPage {
  const page = readCount(queryString(request, 'page'), 1n, 'page');
  const perPage = readCount(queryString(request, 'per_page'), BigInt(DEFAULT_PER_PAGE), 'per_page');
  if (page < 1n) throw badPagination('page must be at least 1');
  if (perPage < 1n) throw badPagination('per_page must be at least 1');
  const filter = queryString(request, 'filter');
  if (filter !== undefined && filter.length > 255) throw validationFailed('filter must be at most 255 characters');
  return { page, perPage: perPage > BigInt(MAX_PER_PAGE) ? BigInt(MAX_PER_PAGE) : perPage, filter };
}

function readCount(value: string | undefined, fallback: bigint, name: string): bigint {
  if (value === undefined) return fallback;
  // an unsigned 64-bit integer, as Go's strconv.ParseUint takes it
  if (!/^\d{1,20}$/.test(value) || BigInt(value) > 2n ** 64n - 1n)
    throw badPagination(`${name} must be a whole number`);
  return BigInt(value);
}

function badPagination(reason: string) {
  return validationFailed(`Bad Pagination Parameters: ${reason}`);
}

/** One page of the live accounts, newest first (GoTrue's order), each with its factors, and how many match. */
export async function listUsers(
  db: Queryable,
  { page, perPage, filter }: UserPage,
): Promise<{ users: Record<string, unknown>[]; total: bigint }> {
  const pattern = filter === undefined ? null : `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `deleted_at is null
    and ($1::text is null or email ilike $1 or raw_user_meta_data ->> 'full_name' ilike $1)`;
  const { rows: counted } = await db.query<{ total: string }>(
    `select count(*)::text as total from auth.users where ${where}`,
    [pattern],
  );
  const total = BigInt(counted[0]?.total ?? '0');
  const offset = (page - 1n) * perPage;
  // A page past the end is empty: no need to ask (and an offset past bigint would fail).
  if (offset >= total) return { users: [], total };
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
    [pattern, perPage.toString(), offset.toString()],
  );
  const { rows: factors } = await db.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, secret, last_time_step::text, created_at, updated_at
       from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at`,
    [rows.map((row) => row.id)],
  );
  const { rows: identities } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [rows.map((row) => row.id)],
  );
  return {
    users: rows.map((row) =>
      userJson(
        row,
        factors.filter((factor) => factor.user_id === row.id),
        identities.filter((identity) => identity.user_id === row.id),
      ),
    ),
    total,
  };
}

/**
 * GoTrue's paging headers, which supabase-js's listUsers reads: the total, and links to the next
 * page (when there is one) and the last, with the query's keys sorted as Go encodes them.
 */
export function pagingHeaders(request: FastifyRequest, { page, perPage }: UserPage, total: bigint) {
  const lastPage = total / perPage + (total % perPage > 0n ? 1n : 0n);
  const [path = '', search = ''] = request.url.split('?');
  const linkTo = (target: bigint) => {
    const query = new URLSearchParams(search);
    query.set('page', target.toString());
    query.sort();
    return `<${path}?${query.toString()}>`;
  };
  const links = [...(lastPage > page ? [`${linkTo(page + 1n)}; rel="next"`] : []), `${linkTo(lastPage)}; rel="last"`];
  return { link: links.join(', '), 'x-total-count': total.toString() };
}
