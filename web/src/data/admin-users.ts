import { getSupabase } from './supabase-client.ts';
import {
  STAFF_ROLES,
  AdminUserSchema,
  AdminUserPageSchema,
  type StaffRole,
  type AdminUser,
  type AdminUserPage,
} from './admin-schemas.ts';

export { STAFF_ROLES, AdminUserSchema, AdminUserPageSchema };
export type { StaffRole, AdminUser, AdminUserPage };

export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminUserQuery {
  search: string;
  role: string | null;
  page: number;
}

export const adminUsersKey = (query: AdminUserQuery) => ['admin-users', query.search, query.role, query.page] as const;
/** Every page and filter of the admin user list: a role change can move a user into or out of any. */
export const isAdminUsersKey = (key: unknown) => Array.isArray(key) && key[0] === 'admin-users';

export async function listAdminUsers(query: AdminUserQuery): Promise<AdminUserPage> {
  const supabase = await getSupabase();
  // A filter left off is an argument left out: the function's default for each is NULL.
  const { data, error } = await supabase.rpc('admin_list_users', {
    search: query.search.trim() || undefined,
    role: query.role ?? undefined,
    page: query.page,
    page_size: ADMIN_USERS_PAGE_SIZE,
  });
  if (error) throw error;
  return AdminUserPageSchema.parse(data);
}

/** The highest staff role a user holds: what the role picker shows. */
export function staffRoleOf(user: Pick<AdminUser, 'roles'>): StaffRole {
  if (user.roles.includes('admin')) return 'admin';
  if (user.roles.includes('moderator')) return 'moderator';
  return 'user';
}

export async function setUserRole(userId: string, role: StaffRole): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_set_role', { target: userId, new_role: role });
  if (error) throw error;
}

export async function setUserBanned(userId: string, banned: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_set_banned', { target: userId, banned });
  if (error) throw error;
}
