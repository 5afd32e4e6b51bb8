import { Loader, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/documents/$folder/$file')({
  component: DocumentDownloadPage,
});

function DocumentDownloadPage() {
  return (
    <Stack align="center" py="xl">
      <Title order={1}>Downloading your document</Title>
      <Loader aria-label="Downloading" />
    </Stack>
  );
}
