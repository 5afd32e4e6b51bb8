import { Group, Stack, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section named by its heading (`id`), with the section's own buttons at the heading's right:
 * the dashboard's lists and the API Access panels. The heading takes focus when an item removed
 * from the section takes the button that had it (`sectionHeading`).
 */
export function Section({
  id,
  title,
  order = 2,
  actions,
  children,
}: {
  id: string;
  title: string;
  order?: TitleOrder;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Group justify="space-between">
        <Title order={order} id={id} tabIndex={-1}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** The heading of the section `id`, where focus goes when what had it is gone (see Section). */
export const sectionHeading = (id: string) => document.getElementById(id);
