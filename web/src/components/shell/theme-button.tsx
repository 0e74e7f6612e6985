import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ActionIcon, useComputedColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

/** The button, showing the scheme in use: the menu's target too. */
export const ThemeButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function ThemeButton(props, ref) {
    const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
    const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;
    return (
      <ActionIcon ref={ref} variant="default" size="lg" aria-label={t('Toggle theme')} {...props}>
        <CurrentIcon size={18} aria-hidden />
      </ActionIcon>
    );
  },
);
