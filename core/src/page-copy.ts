import { msg } from './i18n/translate.ts';

/**
 * Words of the landing hero (docs/product.md#landing) and the browse page's head
 * (docs/product.md#browse), shared by the web app and the gateway's plain-HTML version of those
 * pages in the first HTML, so the two cannot drift. Messages, shown with `t(…)`.
 */
export const LANDING_FIGURE = 82;
export const LANDING_HEADLINE_REST = msg('of scientists don’t use AI effectively');
export const LANDING_LEAD = msg(
  'SciAI closes that gap. Find, compare and adopt the AI software, research papers, companies and agents built for your field, organised by scientific discipline.',
);
export const LANDING_SEARCH_LABEL = msg('Search AI tools for science');

export const BROWSE_TITLE = msg('Browse AI Tools');
export const BROWSE_SUBTITLE = msg('Software, research papers, companies and AI agents for science.');
export const SAMPLE_DATA_TITLE = msg('Sample data');
export const SAMPLE_DATA_NOTICE = msg(
  'You are viewing sample/demo data. The entries show how SciAI works; figures such as views and saves are illustrative.',
);
