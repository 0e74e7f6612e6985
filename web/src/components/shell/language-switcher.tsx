import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { LOCALE_INFO, LOCALES, isLocale, type Locale } from '@sciai/core';
import { pageLocale, t } from '../../i18n/index.ts';
import { openPageIn } from '../../hooks/use-language-preference.ts';
import classes from './language-switcher.module.css';

/**
 * Loads the page in another language and remembers the choice (a cookie the gateway reads on
 * English addresses; `onChosen` saves it on a signed-in user's profile). A native select: small,
 * and every platform's own keyboard and screen-reader handling; each language's name is marked
 * with its language.
 */
export function LanguageSwitcher({
  onChosen,
  className,
}: {
  onChosen?: (locale: Locale) => Promise<void>;
  className?: string;
}) {
  const choose = async (value: string) => {
    if (!isLocale(value) || value === pageLocale) return;
    await onChosen?.(value).catch((error: unknown) => console.error('language preference save failed', error));
    openPageIn(value);
  };
  return (
    <span className={`${classes.wrapper} ${className ?? ''}`}>
      <IconLanguage size={16} aria-hidden className={classes.icon} />
      <select
        className={classes.select}
        aria-label={t('Language')}
        value={pageLocale}
        onChange={(event) => void choose(event.currentTarget.value)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={LOCALE_INFO[locale].tag}>
            {LOCALE_INFO[locale].name}
          </option>
        ))}
      </select>
      <IconChevronDown size={14} aria-hidden className={classes.chevron} />
    </span>
  );
}
