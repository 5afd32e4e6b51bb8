import { Group, Text } from '@mantine/core';
import { palette } from '../../theme';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap" aria-hidden>
      <svg width="28" height="28" viewBox="0 0 32 32" focusable="false">
        <path
          fill={palette.red}
          d="M16 2 4 6.5v8.3C4 22.4 9.1 28.6 16 30c6.9-1.4 12-7.6 12-15.2V6.5Z"
        />
        <path fill="#fff" d="M10 16.2 14.2 20.4 22.4 11.8l-1.9-1.8-6.3 6.6-2.3-2.3Z" />
      </svg>
      <Text component="span" fw={900} fz="xl" c="darkGray">
        DeedWatch
      </Text>
    </Group>
  );
}
