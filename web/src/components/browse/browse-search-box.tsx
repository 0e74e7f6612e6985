import type { FormEvent } from 'react';
import { Box, Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_MAX_LENGTH } from '@sciai/core';
import { useBrowseSearchText } from '../../hooks/use-browse-search-text.ts';
import { useIsMobile } from './use-is-mobile.ts';
import { t } from '../../i18n/index.ts';
import classes from './filter-panel.module.css';

/** The browse page's query box: the URL follows the typing after a pause, or at once on Enter. */
export function BrowseSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const search = useBrowseSearchText(value, onSearch);
  const isMobile = useIsMobile();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.flush();
  };

  return (
    <Box component="form" role="search" aria-label={t('Browse')} onSubmit={submit}>
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput
          id="browse-search"
          type="search"
          enterKeyHint="search"
          label={t('Search AI tools')}
          classNames={{ label: 'visually-hidden', input: classes.searchInput }}
          placeholder={isMobile ? t('Search AI tools...') : t('Search AI tools, papers, companies, agents...')}
          maxLength={SEARCH_MAX_LENGTH}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search.text ? <CloseButton size="sm" aria-label={t('Clear search')} onClick={search.clear} /> : null
          }
          value={search.text}
          onChange={(event) => search.change(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
          size="md"
        />
        <Button type="submit" size="md">
          {t('Search')}
        </Button>
      </Group>
    </Box>
  );
}
