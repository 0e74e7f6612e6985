import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Card, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { NOT_LISTED } from './detail-labels.ts';
import classes from './detail.module.css';
import { t } from '../../i18n/index.ts';

/** A titled card of a detail page; the title names its region for assistive technology. */
export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  // not from the title: a translated title may have no Latin letters to make an id of
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="md" padding="lg">
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Empty({ children }: { children?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children ?? t('None listed yet.')}
    </Text>
  );
}

/** A bulleted list: features, advantages, findings, goals. */
export function ListCard({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <DetailCard title={title}>
      {items.length ? (
        <List spacing="xs" size="sm">
          {items.map((entry) => (
            <List.Item key={entry}>{entry}</List.Item>
          ))}
        </List>
      ) : (
        <Empty />
      )}
    </DetailCard>
  );
}

/** Short labels as badges: tags, keywords, technologies. */
export function BadgeCard({ title, values }: { title: string; values: readonly string[] }) {
  return (
    <DetailCard title={title}>
      {values.length ? (
        <Group gap="xs">
          {values.map((value) => (
            <Badge key={value} variant="light" color="gray" tt="none" size="lg" fw={500}>
              {value}
            </Badge>
          ))}
        </Group>
      ) : (
        <Empty />
      )}
    </DetailCard>
  );
}

export type Fact = readonly [label: string, value: ReactNode | undefined];

/** Label and value rows: statistics, details, publication details. */
export function FactsCard({ title, facts }: { title: string; facts: readonly Fact[] }) {
  return (
    <DetailCard title={title}>
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={600} className={classes.factValue}>
              {value ?? NOT_LISTED}
            </Text>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}

export interface DetailLink {
  label: string;
  href: string | null | undefined;
}

/** Outbound links, each opening in a new tab; links the catalog lacks are left out. */
export function LinksCard({ title, links }: { title: string; links: readonly DetailLink[] }) {
  const present = links.filter((link): link is { label: string; href: string } => Boolean(link.href));
  return (
    <DetailCard title={title}>
      {present.length ? (
        <Stack gap="xs">
          {present.map((link) => (
            <ExternalLink key={link.label} href={link.href}>
              {link.label}
            </ExternalLink>
          ))}
        </Stack>
      ) : (
        <Empty>{t('No links listed yet.')}</Empty>
      )}
    </DetailCard>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" className={classes.externalLink}>
      {children}
      <IconExternalLink size={14} aria-hidden />
      <VisuallyHidden> {t('(opens in a new tab)')}</VisuallyHidden>
    </Anchor>
  );
}
