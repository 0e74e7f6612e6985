import useSWR from 'swr';
import { fetchFieldPage, fetchOrganizationPage } from '../data/follows.ts';

/** /field/:slug's data (null: no such field). */
export function useFieldPage(slug: string) {
  return useSWR(['field-page', slug] as const, ([, key]) => fetchFieldPage(key));
}

/** /org/:id's data (null: no such organization). */
export function useOrganizationPage(id: string) {
  return useSWR(['organization-page', id.toLowerCase()] as const, ([, key]) => fetchOrganizationPage(key));
}
