import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ITEM_STATUSES } from '../../../data/admin-content.ts';
import type { ScientificDomain } from '../../../data/domains.ts';

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

const TYPES = [
  { value: '', label: 'All types' },
  { value: 'software', label: 'Tools' },
  { value: 'paper', label: 'Papers' },
  { value: 'company', label: 'Companies' },
  { value: 'agent', label: 'AI Agents' },
];
const YES_NO = (label: string) => [
  { value: '', label: `Any` },
  { value: 'true', label },
  { value: 'false', label: `Not ${label.toLowerCase()}` },
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
        label="Search content"
        placeholder="Title or slug"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(event) => set('search')(event.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <Select label="Type" data={TYPES} value={value.contentType} onChange={set('contentType')} {...common} />
      <Select
        label="Status"
        data={[
          { value: '', label: 'All statuses' },
          ...ITEM_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) })),
        ]}
        value={value.status}
        onChange={set('status')}
        {...common}
      />
      <Select
        label="Domain"
        searchable
        data={[
          { value: '', label: 'All domains' },
          ...domains.map((domain) => ({ value: domain.id, label: domain.name })),
        ]}
        value={value.domainId}
        onChange={set('domainId')}
        {...common}
      />
      <Select
        label="Verified"
        data={YES_NO('Verified')}
        value={value.verified}
        onChange={set('verified')}
        {...common}
      />
      <Select
        label="Featured"
        data={YES_NO('Featured')}
        value={value.featured}
        onChange={set('featured')}
        {...common}
      />
    </Group>
  );
}
