import { Badge, Group } from '@mantine/core';
import { Link } from 'wouter';
import { fieldPath } from '@sciai/core';
import type { ItemDomain } from '../../data/item-details.ts';
import { DomainIcon } from '../domains/domain-icon.tsx';
import { t } from '../../i18n/index.ts';

/**
 * The item's fields, primary first, each in its own colour and icon and linking to the field's
 * page (docs/product.md#field-page), which links on to browse in it. A field without a known icon shows its name with the default icon.
 */
export function DomainBadges({ domains }: { domains: readonly ItemDomain[] }) {
  if (!domains.length) return null;
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label={t('Scientific fields')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {domains.map((domain) => (
        <li key={domain.slug}>
          <Badge
            component={Link}
            href={fieldPath(domain.slug)}
            variant="default"
            size="lg"
            tt="none"
            fw={500}
            leftSection={<DomainIcon name={domain.icon} size={16} color={domain.color} />}
            // The field's colour on its icon and border; the text keeps the theme's contrast.
            style={{ cursor: 'pointer', borderColor: domain.color }}
          >
            {domain.name || domain.slug}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
