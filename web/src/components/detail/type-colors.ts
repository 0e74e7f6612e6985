import type { ContentType } from '@sciai/core';

/** The type badge colours, as on the browse cards. */
export const TYPE_COLORS: Record<ContentType, string> = {
  software: 'blue',
  paper: 'grape',
  company: 'teal',
  agent: 'orange',
};
