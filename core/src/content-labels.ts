import type { ContentType } from './content.ts';

/** The browse page's content-type tab labels (docs/product.md#browse-tabs). */
export const CONTENT_TYPE_TAB_LABELS: Record<ContentType | 'all', string> = {
  all: 'All Content',
  software: 'Software & Tools',
  paper: 'Research Papers',
  company: 'Companies',
  agent: 'AI Agents',
};

/** The type badge on an item card. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  software: 'Software',
  paper: 'Paper',
  company: 'Company',
  agent: 'AI Agent',
};
