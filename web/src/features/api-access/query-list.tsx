import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list the API answers for (tokens, endpoints, deliveries): a line in its place while it fails,
 * loads or is empty, else the items as a bare list.
 */
export function QueryList({
  query,
  count,
  loadFailed,
  loading,
  empty,
  gap = 'xs',
  children,
}: {
  query: { isError: boolean; isPending: boolean };
  count: number;
  loadFailed: string;
  loading: string;
  empty: string;
  gap?: number | string;
  children: ReactNode;
}) {
  if (query.isError) return <Text c="red.8">{loadFailed}</Text>;
  if (query.isPending) return <Text c="gray.7">{loading}</Text>;
  if (count === 0) return <Text c="gray.7">{empty}</Text>;
  return (
    <Stack gap={gap} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
