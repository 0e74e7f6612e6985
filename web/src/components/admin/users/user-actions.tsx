import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { staffRoleOf, STAFF_ROLES, type AdminUser, type StaffRole } from '../../../data/admin-users.ts';
import { useChangeAdminUser } from '../../../hooks/use-admin-users.ts';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import { errorMessage } from '../../load-state.tsx';
import { msg, t } from '../../../i18n/index.ts';

/** Messages, translated where shown (`t(ROLE_LABELS[role])`). */
export const ROLE_LABELS: Record<StaffRole, string> = {
  user: msg('User'),
  moderator: msg('Moderator'),
  admin: msg('Admin'),
};
const isStaffRole = (value: string | null): value is StaffRole => STAFF_ROLES.some((role) => role === value);

// What the dialog asks about, fixed when it opens: the list reloads while the dialog fades out,
// and the dialog must not change its text (ban → unban) as it goes.
type Pending = { kind: 'role'; role: StaffRole; from: StaffRole } | { kind: 'ban'; ban: boolean };

/** Role picker and ban/unban for one user, each confirmed first; the list reloads after. */
export function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const changeUser = useChangeAdminUser();
  const [pending, setPending] = useState<Pending>({ kind: 'ban', ban: !user.banned });
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = user.email;
  const current = staffRoleOf(user);

  const run = async () => {
    setBusy(true);
    try {
      if (pending.kind === 'role') {
        await changeUser.setRole(user.id, pending.role);
        notifications.show({
          color: 'teal',
          title: t('Role updated'),
          message: t('{name} is now {role}.', { name, role: t(ROLE_LABELS[pending.role]) }),
        });
      } else {
        await changeUser.setBanned(user.id, pending.ban);
        notifications.show({
          color: 'teal',
          title: pending.ban ? t('User banned') : t('User unbanned'),
          message: pending.ban
            ? t('{name} was signed out everywhere and cannot sign in.', { name })
            : t('{name} can sign in again.', { name }),
        });
      }
      setOpened(false);
    } catch (error) {
      notifications.show({ color: 'red', title: t('Action failed'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('Role of {name}', { name })}
        size="xs"
        w={130}
        data={STAFF_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }))}
        value={current}
        allowDeselect={false}
        onChange={(value) => {
          if (isStaffRole(value) && value !== current) {
            setPending({ kind: 'role', role: value, from: current });
            setOpened(true);
          }
        }}
      />
      <Button
        size="xs"
        variant={user.banned ? 'light' : 'outline'}
        color={user.banned ? 'teal' : 'red'}
        disabled={isSelf && !user.banned}
        onClick={() => {
          setPending({ kind: 'ban', ban: !user.banned });
          setOpened(true);
        }}
      >
        {user.banned ? t('Unban') : t('Ban')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={pending.kind === 'role' ? t('Change role') : pending.ban ? t('Ban user') : t('Unban user')}
        confirmLabel={pending.kind === 'role' ? t('Change role') : pending.ban ? t('Ban') : t('Unban')}
        danger={pending.kind === 'ban' ? pending.ban : pending.role !== 'admin'}
        busy={busy}
        onConfirm={() => void run()}
        onClose={() => !busy && setOpened(false)}
      >
        {pending.kind === 'role'
          ? t('Make {name} {role}? (now {current})', {
              name,
              role: t(ROLE_LABELS[pending.role]),
              current: t(ROLE_LABELS[pending.from]),
            })
          : pending.ban
            ? t('Ban {name}? They are signed out on every device and cannot sign in until unbanned.', { name })
            : t('Let {name} sign in again?', { name })}
      </ConfirmDialog>
    </Group>
  );
}
