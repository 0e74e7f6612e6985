import { useMemo, useState } from 'react';
import { Anchor, Container, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'wouter';
import { IconSearch } from '@tabler/icons-react';
import {
  filterLibrary,
  isLibraryTab,
  LIBRARY_TAB_LABELS,
  LIBRARY_TABS,
  libraryStats,
  type LibraryTab,
} from '@sciai/core';
import { LoadState } from '../components/load-state.tsx';
import { ExportMenu } from '../components/library/export-menu.tsx';
import { LibraryEmptyState } from '../components/library/library-empty-state.tsx';
import { LibraryItems } from '../components/library/library-items.tsx';
import { LibraryStats } from '../components/library/library-stats.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { useLibraryItems } from '../hooks/use-library-items.ts';
import { t } from '../i18n/index.ts';

/** docs/product.md#library-page: 'My Research Toolkit', the signed-in user's saved items. */
export function LibraryPage() {
  usePageTitle(t('My Research Toolkit'));
  const { data, error, mutate } = useLibraryItems();
  const [tab, setTab] = useState<LibraryTab>('all');
  const [search, setSearch] = useState('');
  const { items, stats, shown } = useMemo(() => {
    const items = data ?? [];
    // One clock for both, so the stats and the Recent tab agree.
    const now = new Date();
    return { items, stats: libraryStats(items, now), shown: filterLibrary(items, { tab, search }, now) };
  }, [data, tab, search]);

  const body = (
    <LoadState data={data} error={error} what={t('your library')} retry={() => void mutate()}>
      {() =>
        items.length === 0 ? (
          <LibraryEmptyState />
        ) : (
          <Stack gap="lg">
            <LibraryStats stats={stats} />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('Search your library')}
                placeholder={t('Title, description or tag')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                style={{ flex: '1 1 240px' }}
              />
              <ExportMenu items={shown} />
            </Group>
            <Tabs value={tab} onChange={(value) => value && isLibraryTab(value) && setTab(value)} keepMounted={false}>
              <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
                {LIBRARY_TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(LIBRARY_TAB_LABELS[name])}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {LIBRARY_TABS.map((name) => (
                <Tabs.Panel key={name} value={name} pt="lg">
                  <LibraryItems items={shown} grouped={name === 'all'} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        )
      }
    </LoadState>
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{t('My Research Toolkit')}</Title>
            <Text c="dimmed">{t('The tools, papers, companies and agents you have saved, newest first.')}</Text>
          </div>
          {/* saving keeps things; following brings what is new about them (docs/product.md#follows) */}
          <Anchor component={Link} href="/following" size="sm">
            {t('What you follow')}
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
