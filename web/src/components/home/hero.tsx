import { useState, type FormEvent } from 'react';
import { Box, Button, Container, Group, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { browseHref, LANDING_HEADLINE_REST, LANDING_LEAD, LANDING_SEARCH_LABEL } from '@sciai/core';
import { useCountUp } from '../../hooks/use-count-up.ts';
import { COUNTER_DURATION_MS, COUNTER_TARGET, COUNTER_VISIBLE_THRESHOLD } from '../../lib/count-up.ts';
import { t } from '../../i18n/index.ts';
import classes from './hero.module.css';

export function Hero() {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="md" className={classes.inner}>
        <Title order={1} id="hero-title" className={classes.title}>
          <CountUpFigure />
          <VisuallyHidden>{COUNTER_TARGET}%</VisuallyHidden> {t(LANDING_HEADLINE_REST)}
        </Title>
        <Text fz={{ base: 'lg', sm: 'xl' }} c="dimmed" className={classes.lead}>
          {t(LANDING_LEAD)}
        </Text>
        <HeroSearch />
      </Container>
    </Box>
  );
}

/**
 * The counting figure is a component of its own: each animation frame re-renders this one span,
 * not the hero's search field and button with it (on a slow phone those frames were long tasks).
 */
function CountUpFigure() {
  const { ref, value } = useCountUp<HTMLSpanElement>({
    target: COUNTER_TARGET,
    durationMs: COUNTER_DURATION_MS,
    threshold: COUNTER_VISIBLE_THRESHOLD,
  });
  // Screen readers get the final figure once (next to it), not every step of the animation.
  return (
    <span ref={ref} className={classes.figure} aria-hidden>
      {value}%
    </span>
  );
}

/** docs/product.md#landing: text goes to /browse?search=…; an empty search opens the whole catalog. */
function HeroSearch() {
  const [text, setText] = useState('');
  const [, navigate] = useLocation();
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(browseHref({ search: text }));
  };

  return (
    <Box component="form" role="search" onSubmit={submit} className={classes.search}>
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput
          id="hero-search"
          type="search"
          enterKeyHint="search"
          size="lg"
          label={t(LANDING_SEARCH_LABEL)}
          classNames={{ label: 'visually-hidden' }}
          placeholder={isMobile ? t('Search AI tools...') : t('Search AI tools, papers, researchers...')}
          leftSection={<IconSearch size={20} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          className={classes.searchInput}
        />
        <Button type="submit" size="lg">
          {t('Search')}
        </Button>
      </Group>
    </Box>
  );
}
