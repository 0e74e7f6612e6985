import type { ContentType } from './content.ts';
import { msg } from './i18n/translate.ts';

/** The browse page's content-type tab labels (docs/product.md#browse-tabs); messages, shown with `t(label)`. */
export const CONTENT_TYPE_TAB_LABELS: Record<ContentType | 'all', string> = {
  all: msg('All Content'),
  software: msg('Software & Tools'),
  paper: msg('Research Papers'),
  company: msg('Companies'),
  agent: msg('AI Agents'),
};

/** The type badge on an item card; messages, shown with `t(label)`. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  software: msg('Software'),
  paper: msg('Paper'),
  company: msg('Company'),
  agent: msg('AI Agent'),
};
