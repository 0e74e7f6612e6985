import { Avatar, type AvatarProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A user's initials in a circle, one colour wherever it shows (header, mobile menu, profile):
 * filled with the primary colour, so the white initials read at 4.5:1 or better whatever the
 * name (Mantine's per-name colours gave another colour on the profile than in the header).
 */
export function UserAvatar({ children, ...props }: Omit<AvatarProps, 'color' | 'variant'> & { children: ReactNode }) {
  return (
    <Avatar color="blue" variant="filled" radius="xl" {...props}>
      {children}
    </Avatar>
  );
}
