import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { AdminItem, ItemChanges } from '../../../data/admin-content.ts';
import type { ScientificDomain } from '../../../data/domains.ts';
import { formatDateTime } from '../common/format-time.ts';
import { errorMessage } from '../../load-state.tsx';
import { useUpdateAdminItem } from '../../../hooks/use-admin-items.ts';
import { ItemEditDialog } from './item-edit-dialog.tsx';
import { msg, t } from '../../../i18n/index.ts';
import { statusName, typeName } from '../common/item-labels.ts';

const PATHS: Record<AdminItem['content_type'], string> = {
  software: 'tool',
  paper: 'paper',
  company: 'company',
  agent: 'agent',
};
const STATUS_COLORS: Record<AdminItem['status'], string> = {
  draft: 'gray',
  pending: 'yellow',
  published: 'teal',
  rejected: 'red',
  archived: 'dark',
};

/** `label` and `done`: messages, translated where shown. */
interface QuickAction {
  label: string;
  changes: ItemChanges;
  done: string;
}

function quickActions(item: AdminItem): QuickAction[] {
  const actions: QuickAction[] = [
    item.featured
      ? { label: msg('Unfeature'), changes: { featured: false }, done: msg('Item unfeatured') }
      : { label: msg('Feature'), changes: { featured: true }, done: msg('Item featured') },
    item.verified
      ? { label: msg('Remove verification'), changes: { verified: false }, done: msg('Verification removed') }
      : { label: msg('Verify'), changes: { verified: true }, done: msg('Item verified') },
  ];
  if (item.status === 'published')
    actions.push({ label: msg('Unpublish'), changes: { status: 'draft' }, done: msg('Item unpublished') });
  else actions.push({ label: msg('Publish'), changes: { status: 'published' }, done: msg('Item published') });
  if (item.status !== 'archived')
    actions.push({ label: msg('Archive'), changes: { status: 'archived' }, done: msg('Item archived') });
  return actions;
}

interface ContentTableProps {
  items: AdminItem[];
  domains: ScientificDomain[];
}

export function ContentTable({ items, domains }: ContentTableProps) {
  const updateItem = useUpdateAdminItem();
  const [editing, setEditing] = useState<AdminItem | null>(null);
  const domainName = new Map(domains.map((domain) => [domain.id, domain.name]));

  const apply = async (item: AdminItem, action: QuickAction) => {
    try {
      await updateItem(item.id, action.changes);
      notifications.show({ color: 'teal', title: t(action.done), message: item.title });
    } catch (error) {
      notifications.show({ color: 'red', title: t('Action failed'), message: errorMessage(error) });
    }
  };

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Title')}</Table.Th>
              <Table.Th>{t('Type')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Domains')}</Table.Th>
              <Table.Th>{t('Updated')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('Actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="admin-item-row">
                <Table.Td>
                  {item.status === 'published' ? (
                    <Anchor component={Link} href={`/${PATHS[item.content_type]}/${item.slug}`} size="sm" fw={600}>
                      {item.title}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600}>
                      {item.title}
                    </Text>
                  )}
                  <Group gap={4} mt={2}>
                    {item.verified && (
                      <Badge size="xs" color="blue">
                        {t('Verified')}
                      </Badge>
                    )}
                    {item.featured && (
                      <Badge size="xs" color="yellow">
                        {t('Featured')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{typeName(item.content_type)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLORS[item.status]}>
                    {statusName(item.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{item.domain_ids.map((id) => domainName.get(id) ?? '?').join(', ') || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDateTime(item.updated_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('Actions for {title}', { title: item.title })}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setEditing(item)}>{t('Edit')}</Menu.Item>
                      {quickActions(item).map((action) => (
                        <Menu.Item key={action.label} onClick={() => void apply(item, action)}>
                          {t(action.label)}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && (
        <ItemEditDialog
          item={editing}
          domains={domains}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </>
  );
}
