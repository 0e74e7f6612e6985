import type { ReactNode } from 'react';
import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { AVAILABILITY_LABELS, RELATIONSHIP_LABELS, SUBMISSION_TYPE_LABELS, type SubmissionRow } from '@sciai/core';
import { useDomains } from '../../hooks/use-domains.ts';
import { t } from '../../i18n/index.ts';

const YES_NO = (value: boolean | undefined) => (value ? t('Yes') : t('No'));
const dated = (value: string | undefined, asOf: string | undefined) =>
  value && asOf ? t('{value} (as of {date})', { value, date: asOf }) : value;

/** The type's own fields as label/value pairs, in the order the wizard asks for them. */
function typeFacts(row: SubmissionRow): Array<[string, string]> {
  const m = row.metadata;
  const facts: Array<[string, string | undefined]> = {
    software: [
      [t('Pricing model'), m.pricing_model],
      [t('License'), m.license],
      [t('GitHub URL'), m.github_url],
      [t('First release'), m.first_release],
      [t('Weights license'), m.weights_license],
      [t('Availability'), m.availability && t(AVAILABILITY_LABELS[m.availability])],
      [t('API available'), YES_NO(m.api_available)],
    ] satisfies Array<[string, string | undefined]>,
    paper: [
      ['DOI', m.doi],
      [t('Journal'), m.journal],
      [t('Year'), m.year === undefined ? undefined : String(m.year)],
      [t('Authors'), m.authors?.join(', ')],
    ] satisfies Array<[string, string | undefined]>,
    company: [
      [t('Funding stage'), dated(m.funding_stage, m.funding_stage_as_of)],
      [t('Funding stage source'), m.funding_stage_source],
      [t('Employee count'), dated(m.employee_count, m.employee_count_as_of)],
      [t('Employee count source'), m.employee_count_source],
    ] satisfies Array<[string, string | undefined]>,
    agent: [
      [t('Model type'), m.model_type],
      [t('Interaction mode'), m.interaction_mode],
      [t('Capabilities'), m.capabilities?.join(', ')],
      [t('First release'), m.first_release],
      [t('Availability'), m.availability && t(AVAILABILITY_LABELS[m.availability])],
    ] satisfies Array<[string, string | undefined]>,
  }[row.content_type];
  return facts.flatMap(([label, value]) => (value ? [[label, value] as [string, string]] : []));
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A whole submission, as the contributor reviews it and a moderator decides on it. */
export function SubmissionSummary({ row }: { row: SubmissionRow }) {
  const domains = useDomains();
  const names = new Map((domains.data ?? []).map((d) => [d.id, d.name]));
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light">{t(SUBMISSION_TYPE_LABELS[row.content_type])}</Badge>
        {row.domains.map((id, index) => (
          <Badge key={id} variant={index === 0 ? 'filled' : 'outline'} color="gray">
            {names.get(id) ?? t('Unknown domain')}
          </Badge>
        ))}
      </Group>
      <Fact label={t('Title')}>{row.title}</Fact>
      <Fact label={t('Short description')}>{row.short_description}</Fact>
      <Fact label={t('Full description')}>{row.description}</Fact>
      {row.url && (
        <Fact label="URL">
          <Anchor href={row.url} target="_blank" rel="noopener noreferrer nofollow">
            {row.url}
          </Anchor>
        </Fact>
      )}
      {row.metadata.organization_name && <Fact label={t('Organization')}>{row.metadata.organization_name}</Fact>}
      {row.key_features.length > 0 && (
        <Fact label={t('Key features')}>
          <List size="sm">
            {row.key_features.map((feature, index) => (
              <List.Item key={index}>{feature}</List.Item>
            ))}
          </List>
        </Fact>
      )}
      {typeFacts(row).map(([label, value]) => (
        <Fact key={label} label={label}>
          {value}
        </Fact>
      ))}
      <Fact label={t('Relationship')}>{t(RELATIONSHIP_LABELS[row.relationship_to_content])}</Fact>
      {row.metadata.verification_details && (
        <Fact label={t('Verification details')}>{row.metadata.verification_details}</Fact>
      )}
    </Stack>
  );
}
