import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ITEM_STATUSES } from '../../../data/admin-content.ts';
import type { ScientificDomain } from '../../../data/domains.ts';
import { msg, t } from '../../../i18n/index.ts';
import { statusLabel } from '../common/item-labels.ts';

export interface ContentFilterValues {
  search: string;
  contentType: string;
  status: string;
  domainId: string;
  verified: string;
  featured: string;
}

export const NO_CONTENT_FILTERS: ContentFilterValues = {
  search: '',
  contentType: '',
  status: '',
  domainId: '',
  verified: '',
  featured: '',
};

/** Messages, translated where shown. */
const TYPES = [
  { value: '', label: msg('All types') },
  { value: 'software', label: msg('Tools') },
  { value: 'paper', label: msg('Papers') },
  { value: 'company', label: msg('Companies') },
  { value: 'agent', label: msg('AI Agents') },
];
const yesNo = (yes: string, no: string) => [
  { value: '', label: t('Any') },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

interface ContentFiltersProps {
  value: ContentFilterValues;
  domains: ScientificDomain[];
  onChange: (next: ContentFilterValues) => void;
}

/** Search plus the five filters of the 'All content' tab. */
export function ContentFilters({ value, domains, onChange }: ContentFiltersProps) {
  const set = (key: keyof ContentFilterValues) => (next: string | null) => onChange({ ...value, [key]: next ?? '' });
  const common = { allowDeselect: false, w: { base: '100%', xs: 170 } } as const;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t('Search content')}
        placeholder={t('Title or slug')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(event) => set('search')(event.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label={t('Type')}
        data={TYPES.map((type) => ({ value: type.value, label: t(type.label) }))}
        value={value.contentType}
        onChange={set('contentType')}
        {...common}
      />
      <Select
        label={t('Status')}
        data={[
          { value: '', label: t('All statuses') },
          ...ITEM_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
        ]}
        value={value.status}
        onChange={set('status')}
        {...common}
      />
      <Select
        label={t('Domain')}
        searchable
        data={[
          { value: '', label: t('All domains') },
          ...domains.map((domain) => ({ value: domain.id, label: domain.name })),
        ]}
        value={value.domainId}
        onChange={set('domainId')}
        {...common}
      />
      <Select
        label={t('Verified')}
        data={yesNo(t('Verified'), t('Not verified'))}
        value={value.verified}
        onChange={set('verified')}
        {...common}
      />
      <Select
        label={t('Featured')}
        data={yesNo(t('Featured'), t('Not featured'))}
        value={value.featured}
        onChange={set('featured')}
        {...common}
      />
    </Group>
  );
}
