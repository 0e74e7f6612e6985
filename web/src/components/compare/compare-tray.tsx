import { useEffect, useState } from 'react';
import { Button, CloseButton, Container, Group, Paper, Text } from '@mantine/core';
import { IconLayoutColumns } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { compareHref, MAX_COMPARE_ITEMS, MIN_COMPARE_ITEMS, ROUTES } from '@sciai/core';
import { useCompare } from '../../hooks/use-compare.ts';
import { t } from '../../i18n/index.ts';
import classes from './compare-tray.module.css';

/**
 * The picks for comparison, fixed at the bottom of every page once there is one: each with a
 * remove button, 'Clear', and 'Compare (N)' from two picks on. Not shown on the compare page,
 * which has its own controls.
 */
export function CompareTray() {
  const { items, remove, clear } = useCompare();
  const [pathname] = useLocation();
  const [tray, setTray] = useState<HTMLElement | null>(null);
  const height = useBorderBoxHeight(tray);
  const shown = items.length > 0 && pathname !== ROUTES.compare.pattern;
  useTrayHeightVariable(shown ? height : 0);

  if (!shown) return null;
  const ready = items.length >= MIN_COMPARE_ITEMS;

  return (
    <>
      {/* Keeps the end of the page (the footer) from hiding behind the tray. */}
      <div style={{ height }} aria-hidden />
      <Paper component="aside" ref={setTray} aria-label={t('Compare tray')} shadow="lg" className={classes.tray}>
        <Container size="xl" className={classes.inner}>
          <div className={classes.summary} aria-live="polite">
            <Text fw={700} size="sm" className={classes.summaryTitle}>
              {t('Compare')}
            </Text>
            <Text size="xs" c="dimmed" className={classes.count}>
              {ready
                ? t('{count} of {max} selected', { count: items.length, max: MAX_COMPARE_ITEMS })
                : t('{count} of {max} selected · add one more', { count: items.length, max: MAX_COMPARE_ITEMS })}
            </Text>
          </div>
          <ul className={classes.items}>
            {items.map((item) => (
              <li key={item.slug} className={classes.item}>
                <Text size="sm" className={classes.itemTitle} title={item.title}>
                  {item.title}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('Remove {title} from compare', { title: item.title })}
                  onClick={() => remove(item.slug)}
                />
              </li>
            ))}
          </ul>
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <Button variant="subtle" color="gray" size="sm" px="xs" onClick={clear}>
              {t('Clear')}
            </Button>
            {ready ? (
              <Button
                component={Link}
                href={compareHref(items.map((item) => item.slug))}
                size="sm"
                leftSection={<IconLayoutColumns size={16} aria-hidden />}
              >
                {t('Compare ({count})', { count: items.length })}
              </Button>
            ) : (
              <Button size="sm" disabled leftSection={<IconLayoutColumns size={16} aria-hidden />}>
                {t('Compare ({count})', { count: items.length })}
              </Button>
            )}
          </Group>
        </Container>
      </Paper>
    </>
  );
}

/** The element's full height (padding and border included), kept up to date. */
function useBorderBoxHeight(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return element ? height : 0;
}

/**
 * Publishes the tray's height as `--compare-tray-height` on the root element, so anything
 * sticky or fixed to the bottom of the viewport (side panels, drawers) can stay clear of it.
 */
function useTrayHeightVariable(height: number) {
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--compare-tray-height', `${Math.ceil(height)}px`);
    return () => {
      root.style.removeProperty('--compare-tray-height');
    };
  }, [height]);
}
