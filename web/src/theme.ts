import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/** The storage key web/public/theme-init.js reads before first paint; keep the two in step. */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'blue',
  // shade 8 keeps white text on filled buttons and light-mode links at 4.5:1 or better (WCAG AA)
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // No fontFamily: Mantine's default stack is the one web/index.html's base rules use, so the
  // gateway's first paint and the app's render set the same text in the same font (a different
  // stack rewrapped the landing's lead and made its swap a new, later largest paint).
  headings: { fontWeight: '700' },
  // Mantine's `sm` breakpoint is 48em = 768px, the product's mobile breakpoint (docs/product.md#constants).
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  respectReducedMotion: true,
  components: {
    // Every toast: a named close button, and its text in the readable dimmed colour (Mantine's
    // own is under 4.5:1 on the toast's background). A plain object, not Notification.extend(),
    // which would import the toast component into every page's first download (0058).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps>,
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Every dialog's close button named too: an icon alone has no name for a screen reader.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps>,
    },
  },
});

/**
 * Mantine's default dimmed text is under 4.5:1 on both backgrounds; one step stronger passes AA.
 * Its light-mode error red (red-6) is 3.3:1 on white; red-8 passes for the messages next to
 * fields (dark mode's default already does). Light badges and alerts write shade 9 on shade 1,
 * which for the warm and green colours is 2.5–4.4:1: their text is shade 9 darkened until it
 * reads at 4.5:1 on shade 2 (the hover background) too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-red-light-color': '#ad2424',
    // an outline button's red text and border (Ban): red-6 is 3.3:1 on white, red-9 5.3:1
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-orange-light-color': '#a9380c',
    '--mantine-color-yellow-light-color': '#a15300',
    '--mantine-color-lime-light-color': '#48730a',
    '--mantine-color-green-light-color': '#237133',
    '--mantine-color-teal-light-color': '#077050',
    '--mantine-color-cyan-light-color': '#0a697a',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
