import { getSupabase } from './supabase-client.ts';
import {
  ITEM_STATUSES,
  AdminItemSchema,
  AdminItemPageSchema,
  type ItemStatus,
  type AdminItem,
  type AdminItemPage,
} from './admin-schemas.ts';

export { ITEM_STATUSES, AdminItemSchema, AdminItemPageSchema };
export type { ItemStatus, AdminItem, AdminItemPage };

export const ADMIN_ITEMS_PAGE_SIZE = 20;

/** 'any' leaves a filter off; the others are the values as stored. */
export interface AdminItemFilters {
  search: string;
  contentType: string | null;
  status: string | null;
  domainId: string | null;
  verified: boolean | null;
  featured: boolean | null;
  page: number;
}

export const adminItemsKey = (filters: AdminItemFilters) => ['admin-items', JSON.stringify(filters)] as const;
/** Every page and filter of the admin item list: an edit can move an item into or out of any. */
export const isAdminItemsKey = (key: unknown) => Array.isArray(key) && key[0] === 'admin-items';

export async function listAdminItems(filters: AdminItemFilters): Promise<AdminItemPage> {
  const supabase = await getSupabase();
  // A filter left off is an argument left out: the function's default for each is NULL.
  const { data, error } = await supabase.rpc('admin_list_items', {
    search: filters.search.trim() || undefined,
    content_type: filters.contentType ?? undefined,
    status: filters.status ?? undefined,
    domain_id: filters.domainId ?? undefined,
    verified: filters.verified ?? undefined,
    featured: filters.featured ?? undefined,
    page: filters.page,
    page_size: ADMIN_ITEMS_PAGE_SIZE,
  });
  if (error) throw error;
  return AdminItemPageSchema.parse(data);
}

export interface ItemChanges {
  title?: string;
  short_description?: string;
  description?: string;
  url?: string | null;
  status?: ItemStatus;
  verified?: boolean;
  featured?: boolean;
  year?: number | null;
  tags?: string[];
}

/** One call, one transaction: fields and (when given) domains, the first one primary. */
export async function updateAdminItem(
  itemId: string,
  changes: ItemChanges,
  domainIds: string[] | null = null,
): Promise<void> {
  const supabase = await getSupabase();
  // No domain_ids (the function's NULL default) keeps the item's domains as they are.
  const { error } = await supabase.rpc('admin_update_item', {
    item_id: itemId,
    changes: { ...changes },
    domain_ids: domainIds ?? undefined,
  });
  if (error) throw error;
}
