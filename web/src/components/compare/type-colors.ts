import type { ContentType } from '@sciai/core';

/** The badge colour of each content type, as on the browse cards. */
export const TYPE_COLORS: Record<ContentType, string> = {
  software: 'blue',
  paper: 'grape',
  company: 'teal',
  agent: 'orange',
};
