import { Menu, VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { toThemePreference } from '@sciai/core';
import { useThemePreference } from '../../hooks/use-theme-preference.ts';
import { ThemeButton } from './theme-button.tsx';
import { msg, t } from '../../i18n/index.ts';

const CHOICES: ReadonlyArray<{ value: MantineColorScheme; label: string; icon: typeof IconSun }> = [
  { value: 'light', label: msg('Light'), icon: IconSun },
  { value: 'dark', label: msg('Dark'), icon: IconMoon },
  { value: 'auto', label: msg('System'), icon: IconDeviceDesktop },
];

/**
 * docs/product.md#theme: the choice of Light, Dark or System (the default), remembered by
 * Mantine's localStorage manager and, when signed in, saved to the account. Loaded on the first
 * press of the header's button (theme-toggle.tsx), which it replaces, open.
 */
export function ThemeMenu() {
  const { colorScheme } = useMantineColorScheme();
  const { choose } = useThemePreference();

  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ThemeButton />
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
                  title: t('Failed to save theme'),
                  message: t('The theme applies here but was not saved to your account.'),
                });
              });
            }}
          >
            {t(label)}
            {/* Mantine menu items are plain menuitems, so the current choice is said in words. */}
            {colorScheme === value && <VisuallyHidden> {t('(current)')}</VisuallyHidden>}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
