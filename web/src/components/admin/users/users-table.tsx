import { Badge, Group, Table, Text } from '@mantine/core';
import { displayName } from '@sciai/core';
import type { AdminUser } from '../../../data/admin-users.ts';
import { formatDateTime } from '../common/format-time.ts';
import { UserActions } from './user-actions.tsx';
import { t } from '../../../i18n/index.ts';

/** A role as the database names it, in the page's language. */
const roleName = (role: string) =>
  t(
    '{role, select, admin {admin} moderator {moderator} verified_researcher {verified_researcher} user {user} other {{role}}}',
    { role },
  );

interface UsersTableProps {
  users: AdminUser[];
  currentUserId: string | undefined;
}

/** One row per account: who, roles, when, 2FA, ban state, and the actions. Scrolls sideways on phones. */
export function UsersTable({ users, currentUserId }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('User')}</Table.Th>
            <Table.Th>{t('Roles')}</Table.Th>
            <Table.Th>{t('Created')}</Table.Th>
            <Table.Th>{t('Last sign-in')}</Table.Th>
            <Table.Th>{t('2FA')}</Table.Th>
            <Table.Th>{t('Status')}</Table.Th>
            <Table.Th>{t('Actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = displayName({ ...user, email: user.email });
            return (
              <Table.Tr key={user.id} data-testid="admin-user-row">
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  {name !== user.email && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {user.roles.map((role) => (
                      <Badge
                        key={role}
                        size="sm"
                        variant="light"
                        color={role === 'admin' ? 'grape' : role === 'moderator' ? 'blue' : 'gray'}
                      >
                        {roleName(role)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDateTime(user.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDateTime(user.last_sign_in_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={user.mfa_enabled ? 'teal' : 'gray'}>
                    {user.mfa_enabled ? t('Enabled') : t('Off')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" color={user.banned ? 'red' : 'teal'} variant={user.banned ? 'filled' : 'light'}>
                    {user.banned ? t('Banned') : t('Active')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <UserActions user={user} isSelf={user.id === currentUserId} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
