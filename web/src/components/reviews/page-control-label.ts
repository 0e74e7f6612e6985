import { msg, t } from '../../i18n/index.ts';

const PAGE_CONTROL_LABELS: Record<string, string> = {
  first: msg('first page'),
  previous: msg('previous page'),
  next: msg('next page'),
  last: msg('last page'),
};

/** The name of a pagination's first/previous/next/last button ('next page'). */
export function pageControlLabel(control: string): string {
  const label = PAGE_CONTROL_LABELS[control];
  return label ? t(label) : control;
}
