import { Box, Group, Text } from '@mantine/core';
import { AnchorLink } from '../../components/links';

export function AppFooter() {
  return (
    <Box component="footer" bg="darkGray" c="white" py="lg" px="md">
      <Group justify="space-between" maw={1200} mx="auto" gap="sm">
        <Text size="sm">© {new Date().getFullYear()} DeedWatch</Text>
        <Group component="nav" aria-label="Legal" gap="md">
          <AnchorLink to="/terms" c="white" size="sm">
            Terms of Use
          </AnchorLink>
          <AnchorLink to="/privacy" c="white" size="sm">
            Privacy Policy
          </AnchorLink>
          <AnchorLink to="/support" c="white" size="sm">
            Support
          </AnchorLink>
        </Group>
      </Group>
    </Box>
  );
}
