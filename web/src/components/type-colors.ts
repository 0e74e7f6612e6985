import type { ContentType } from '@sciai/core';

/** The badge colour of each content type (Mantine palette names), wherever a type badge shows. */
export const TYPE_COLORS: Record<ContentType, string> = {
  software: 'blue',
  paper: 'grape',
  company: 'teal',
  agent: 'orange',
};
