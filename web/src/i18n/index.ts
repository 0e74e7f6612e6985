export { t, msg, currentLocale } from '@sciai/core';
export { Trans } from './trans.tsx';
export {
  pageLocale,
  localeBase,
  pageDirection,
  startLanguage,
  loadPageMessages,
  contentLang,
} from './page-messages.ts';
