import { useState } from 'react';
import {
  Button,
  Code,
  Container,
  CopyButton,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  EMBED_LIMIT_RANGE,
  embedIframeSnippet,
  embedParams,
  embedScriptSnippet,
  SORT_LABELS,
  SORT_OPTIONS,
  type EmbedChoice,
  type SortOption,
} from '@sciai/core';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { useDomains } from '../hooks/use-domains.ts';
import { localeBase, t } from '../i18n/index.ts';

const INITIAL: EmbedChoice = {
  domain: '',
  type: '',
  sort: 'trending',
  limit: 5,
  theme: 'light',
  accent: '',
  title: '',
};

function Snippet({
  label,
  copyLabel,
  value,
  testId,
}: {
  label: string;
  copyLabel: string;
  value: string;
  testId: string;
}) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="light"
            onClick={copy}
            style={{ alignSelf: 'flex-start' }}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          >
            {copied ? t('Copied') : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** /embed/builder: choose what the widget lists and how it looks, see it, copy the snippet. */
export function EmbedBuilderPage() {
  usePageTitle(t('Embed SciAI'));
  const [choice, setChoice] = useState<EmbedChoice>(INITIAL);
  const { data: domains, isLoading } = useDomains();
  const set = <K extends keyof EmbedChoice>(key: K, value: EmbedChoice[K]) =>
    setChoice((current) => ({ ...current, [key]: value }));
  const origin = window.location.origin;
  const preview = `${localeBase}/embed?${embedParams(choice).toString()}`;
  const height = 70 + Number(embedParams(choice).get('limit')) * 74;

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('Embed SciAI')}</Title>
          <Text size="lg" c="dimmed">
            {t(
              'Show a live list of AI tools for your field on your own site: a lab page, a course, a core facility. The widget sets no cookies and tracks no one.',
            )}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack
            gap="sm"
            component="form"
            aria-label={t('Widget options')}
            onSubmit={(event) => event.preventDefault()}
          >
            <Select
              label={t('Field')}
              placeholder={isLoading ? t('Loading fields…') : t('All fields')}
              data={(domains ?? []).map((domain) => ({ value: domain.slug, label: domain.name }))}
              value={choice.domain || null}
              onChange={(value) => set('domain', value ?? '')}
              clearable
              searchable
            />
            <Select
              label={t('Type')}
              data={[
                { value: 'all', label: t('All types') },
                ...CONTENT_TYPES.map((type) => ({ value: type, label: t(CONTENT_TYPE_LABELS[type]) })),
              ]}
              value={choice.type || 'all'}
              onChange={(value) => set('type', value && value !== 'all' ? (value as EmbedChoice['type']) : '')}
              allowDeselect={false}
            />
            <Select
              label={t('Order')}
              data={SORT_OPTIONS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
              value={choice.sort}
              onChange={(value) => set('sort', (value ?? 'trending') as SortOption)}
              allowDeselect={false}
            />
            <NumberInput
              label={t('Items')}
              min={EMBED_LIMIT_RANGE.min}
              max={EMBED_LIMIT_RANGE.max}
              clampBehavior="strict"
              value={choice.limit}
              onChange={(value) => set('limit', typeof value === 'number' ? value : 5)}
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="embed-theme-label">
                {t('Theme')}
              </Text>
              <SegmentedControl
                aria-labelledby="embed-theme-label"
                data={[
                  { value: 'light', label: t('Light') },
                  { value: 'dark', label: t('Dark') },
                ]}
                value={choice.theme}
                onChange={(value) => set('theme', value === 'dark' ? 'dark' : 'light')}
              />
            </div>
            <TextInput
              label={t('Link colour')}
              description={t("A hex colour such as #1c7ed6; empty for the theme's own")}
              placeholder="#1c7ed6"
              maxLength={7}
              value={choice.accent}
              error={
                choice.accent && !/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(choice.accent.trim())
                  ? t('Use a hex colour such as #1c7ed6')
                  : undefined
              }
              onChange={(event) => set('accent', event.currentTarget.value)}
            />
            <TextInput
              label={t('Heading')}
              placeholder={t('AI tools for science on SciAI')}
              maxLength={80}
              value={choice.title}
              onChange={(event) => set('title', event.currentTarget.value)}
            />
          </Stack>
          <Stack gap="lg">
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {t('Preview')}
              </Text>
              <iframe
                key={preview}
                src={preview}
                title={t('Widget preview')}
                height={height}
                style={{ width: '100%', maxWidth: 480, border: '1px solid #dee2e6', borderRadius: 8 }}
                data-testid="embed-preview"
              />
            </Stack>
            <Snippet
              label={t('HTML snippet')}
              copyLabel={t('Copy html snippet')}
              value={embedIframeSnippet(origin, choice)}
              testId="embed-iframe-snippet"
            />
            <Snippet
              label={t('Script snippet')}
              copyLabel={t('Copy script snippet')}
              value={embedScriptSnippet(origin, choice)}
              testId="embed-script-snippet"
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
