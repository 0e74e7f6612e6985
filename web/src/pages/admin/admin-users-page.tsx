import { useState } from 'react';
import { Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useAuth } from '../../auth/use-auth.ts';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { UsersTable } from '../../components/admin/users/users-table.tsx';
import { ADMIN_USERS_PAGE_SIZE } from '../../data/admin-users.ts';
import { useAdminUsers } from '../../hooks/use-admin-users.ts';
import { msg, t } from '../../i18n/index.ts';
import { pageControlName } from '../../components/admin/common/page-control-name.ts';

const ROLE_FILTERS = [
  { value: '', label: msg('All roles') },
  { value: 'admin', label: msg('Admins') },
  { value: 'moderator', label: msg('Moderators') },
  { value: 'verified_researcher', label: msg('Verified researchers') },
  { value: 'user', label: msg('Users') },
];

/** /admin/users: find accounts, change their role, ban or unban them. */
export function AdminUsersPage() {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ search: debounced, role: role || null, page });

  return (
    <AdminLayout title={t('User Management')} description={t('Search accounts, change roles, ban or unban.')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('Search users')}
          placeholder={t('E-mail or name')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label={t('Role')}
          data={ROLE_FILTERS.map((filter) => ({ value: filter.value, label: t(filter.label) }))}
          value={role}
          allowDeselect={false}
          onChange={(value) => {
            setRole(value ?? '');
            setPage(1);
          }}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      <LoadState data={users.data} error={users.error} what={t('users')} retry={() => void users.mutate()}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / ADMIN_USERS_PAGE_SIZE));
          return (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('{count, plural, one {# user} other {# users}}', { count: data.total })}
              </Text>
              {data.users.length === 0 ? (
                <Text c="dimmed">{t('No users match these filters.')}</Text>
              ) : (
                <UsersTable users={data.users} currentUserId={user?.id} />
              )}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': pageControlName(control) })}
                />
              )}
            </Stack>
          );
        }}
      </LoadState>
    </AdminLayout>
  );
}
