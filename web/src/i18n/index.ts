export { t, msg, currentLocale } from '@sciai/core';
export { Trans } from '@lingui/react';
export { pageLocale, localeBase, pageDirection, startLanguage, loadPageMessages } from './page-messages.ts';
