import { useState, type FormEvent } from 'react';
import { Box, Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { browseHref, type BrowseQuery } from '@sciai/core';

/** The browse page's own search box; it keeps the domain and type of the current URL. */
export function BrowseSearch({ query }: { query: BrowseQuery }) {
  const [text, setText] = useState(query.search);
  const [, navigate] = useLocation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(browseHref({ ...query, search: text }));
  };

  return (
    <Box component="form" role="search" onSubmit={submit}>
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput
          id="browse-search"
          type="search"
          enterKeyHint="search"
          label="Search AI tools"
          classNames={{ label: 'visually-hidden' }}
          placeholder="Search AI tools..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </Box>
  );
}
