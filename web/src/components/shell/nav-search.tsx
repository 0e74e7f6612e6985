import { useState, type FormEvent } from 'react';
import { Box, TextInput, type BoxProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { navSearchHref } from '@sciai/core';
import { t } from '../../i18n/index.ts';

interface NavSearchProps extends BoxProps {
  id: string;
  placeholder: string;
  /** Called after a search was sent, e.g. to close the mobile menu. */
  onSearched?: () => void;
}

/** docs/product.md#shell-search: the bar's search box; blank input does nothing, otherwise /browse?search=. */
export function NavSearch({ id, placeholder, onSearched, ...boxProps }: NavSearchProps) {
  const [text, setText] = useState('');
  const [, navigate] = useLocation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const href = navSearchHref(text);
    if (!href) return;
    navigate(href);
    onSearched?.();
  };

  return (
    <Box component="form" role="search" onSubmit={submit} {...boxProps}>
      <TextInput
        id={id}
        type="search"
        enterKeyHint="search"
        label={t('Search the catalog')}
        classNames={{ label: 'visually-hidden' }}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </Box>
  );
}
