import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** The storage key web/public/theme-init.js reads before first paint; keep the two in step. */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 4 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  // Mantine's `sm` breakpoint is 48em = 768px, the product's mobile breakpoint (spec 9).
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  respectReducedMotion: true,
});
