import { CATALOG_CASES } from './rls/catalog-cases.ts';
import { CLAIM_CASES } from './rls/claim-cases.ts';
import { FOLLOW_CASES } from './rls/follow-cases.ts';
import { HISTORY_CASES } from './rls/history-cases.ts';
import { CATALOG_SOURCE_CASES } from './rls/catalog-source-cases.ts';
import { INTERNAL_CASES } from './rls/internal-cases.ts';
import { NOTIFICATION_ENGINE_CASES } from './rls/notification-engine-cases.ts';
import type { TableCase } from './rls/matrix.ts';
import { OUTSIDE_SOURCES_CASES } from './rls/outside-sources-cases.ts';
import { PEOPLE_CASES } from './rls/people-cases.ts';
import { REVIEW_CASES } from './rls/review-cases.ts';

export { ACTORS, OPERATIONS, type Actor, type MatrixContext, type Operation, type TableCase } from './rls/matrix.ts';

/** Every table of the public schema, with who may select, insert, update and delete its rows. */
export const TABLE_CASES: readonly TableCase[] = [
  ...CATALOG_CASES,
  ...PEOPLE_CASES,
  ...INTERNAL_CASES,
  ...OUTSIDE_SOURCES_CASES,
  ...CATALOG_SOURCE_CASES,
  ...REVIEW_CASES,
  ...CLAIM_CASES,
  ...FOLLOW_CASES,
  ...HISTORY_CASES,
  ...NOTIFICATION_ENGINE_CASES,
];
