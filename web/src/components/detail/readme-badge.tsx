import { useState } from 'react';
import { Button, Card, Code, CopyButton, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ITEM_ROUTE_PREFIX, itemPath, SITE_NAME, type ContentType } from '@sciai/core';
import { t } from '../../i18n/index.ts';

type SnippetFormat = 'markdown' | 'html';

/** The badge's address and the snippets that show it linked to the item's page. */
export function badgeSnippets(origin: string, contentType: ContentType, slug: string, show: string | undefined) {
  const page = `${origin}${itemPath(contentType, slug)}`;
  const image = `${origin}/badge/${ITEM_ROUTE_PREFIX[contentType]}/${encodeURIComponent(slug)}.svg${show ? `?show=${show}` : ''}`;
  const alt = `Listed on ${SITE_NAME}`;
  return {
    image,
    markdown: `[![${alt}](${image})](${page})`,
    html: `<a href="${page}"><img src="${image}" alt="${alt}"></a>`,
  };
}

/**
 * "Add this badge to your README": the badge as it looks, and its Markdown or HTML to copy.
 * Software may show its GitHub stars, papers their citations.
 */
export function ReadmeBadge({ contentType, slug }: { contentType: ContentType; slug: string }) {
  const [format, setFormat] = useState<SnippetFormat>('markdown');
  const show = contentType === 'software' ? 'stars' : contentType === 'paper' ? 'citations' : undefined;
  const snippets = badgeSnippets(window.location.origin, contentType, slug, show);
  const snippet = snippets[format];
  return (
    <Card component="section" aria-labelledby="card-readme-badge" withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="card-readme-badge">
          {t('Add this badge to your README')}
        </Title>
        <Group gap="md" wrap="wrap">
          <img src={snippets.image} alt={t('Listed on {product} badge', { product: SITE_NAME })} height={20} />
          <SegmentedControl
            size="xs"
            value={format}
            onChange={(value) => setFormat(value as SnippetFormat)}
            data={[
              { value: 'markdown', label: 'Markdown' },
              { value: 'html', label: 'HTML' },
            ]}
            aria-label={t('Snippet format')}
          />
        </Group>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="badge-snippet">
          {snippet}
        </Code>
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('The badge updates itself; it sets no cookies.')}
          </Text>
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              >
                {copied ? t('Copied') : t('Copy snippet')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  );
}
