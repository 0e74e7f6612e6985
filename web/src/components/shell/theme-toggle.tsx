import { lazy, Suspense, useState } from 'react';
import { useApplySavedTheme } from '../../hooks/use-theme-preference.ts';
import { ThemeButton } from './theme-button.tsx';

const loadMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(() => loadMenu().then((module) => ({ default: module.ThemeMenu })));

/**
 * docs/product.md#theme: the header's theme button. Its menu (Mantine's Menu and the floating
 * layer under it) loads on the first press, or as the pointer or focus reaches the button, and
 * not with every page (docs/decisions/0048-catalog-reads-before-auth.md). The header is always
 * there, so this also applies the account's saved theme when a profile loads.
 */
export function ThemeToggle() {
  useApplySavedTheme();
  const [wanted, setWanted] = useState(false);
  const button = (
    <ThemeButton
      onClick={() => setWanted(true)}
      onPointerEnter={() => void loadMenu().catch(() => undefined)}
      onFocus={() => void loadMenu().catch(() => undefined)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu />
    </Suspense>
  );
}
