import { t } from '../../../i18n/index.ts';

/** The accessible name of a pagination control Mantine draws as an arrow ('next page'). */
export function pageControlName(control: string): string {
  return t(
    '{control, select, first {first page} previous {previous page} next {next page} last {last page} other {{control} page}}',
    { control },
  );
}
