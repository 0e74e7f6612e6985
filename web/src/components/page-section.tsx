import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';

/**
 * A titled section of a reading page (About, Open data, API): a level-2 heading that names the
 * section for assistive technology, and `id` doubles as the anchor a link can jump to.
 */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} id={id} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
