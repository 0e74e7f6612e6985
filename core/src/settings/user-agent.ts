import { t } from '../i18n/translate.ts';

/** A short, readable name for a session's device from its User-Agent: "Firefox on Linux". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (ua.trim() === '') return t('Unknown device');
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return t('{browser} on {system}', { browser, system });
  const either = browser ?? system;
  if (either) return either;
  // Programs (the CLI, scripts) name themselves first: "node", "supabase-js/2.x".
  return ua.split(/[\s/;(]/)[0] || t('Unknown device');
}

// Order matters: Edge and Opera also say Chrome; Chrome also says Safari.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
