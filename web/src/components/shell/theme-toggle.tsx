import {
  ActionIcon,
  Menu,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { toThemePreference } from '@sciai/core';
import { useApplySavedTheme, useThemePreference } from '../../hooks/use-theme-preference.ts';

const CHOICES: ReadonlyArray<{ value: MantineColorScheme; label: string; icon: typeof IconSun }> = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * docs/product.md#theme: Light, Dark or System (the default), remembered by Mantine's localStorage manager
 * and, when signed in, saved to the account; the header is always there, so it also applies the
 * account's saved theme when a profile loads.
 */
export function ThemeToggle() {
  const { colorScheme } = useMantineColorScheme();
  const { choose } = useThemePreference();
  useApplySavedTheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Toggle theme">
          <CurrentIcon size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {CHOICES.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={colorScheme === value ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => {
              choose(toThemePreference(value)).catch((error: unknown) => {
                console.error('theme preference save failed', error);
                notifications.show({
                  color: 'red',
                  title: 'Failed to save theme',
                  message: 'The theme applies here but was not saved to your account.',
                });
              });
            }}
          >
            {label}
            {/* Mantine menu items are plain menuitems, so the current choice is said in words. */}
            {colorScheme === value && <VisuallyHidden> (current)</VisuallyHidden>}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
