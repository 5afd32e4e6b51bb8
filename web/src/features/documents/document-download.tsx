import { Loader, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { quietApi } from '../../api/client';
import { showErrorToast } from '../notifications/show-error-toast';
import { saveFile } from './save-file';

export const DOWNLOAD_FAILED_MESSAGE = 'Failed to download document';

/** GET /api/document/download; true when the file was handed to the browser. */
export async function downloadDocument(folder: string, file: string): Promise<boolean> {
  try {
    const { data } = await quietApi.GET('/api/document/download', {
      params: { query: { containerName: folder, fileName: file } },
      parseAs: 'blob',
    });
    if (data) {
      saveFile(data, file);
      return true;
    }
  } catch {
    // Network failure: reported below like any other.
  }
  showErrorToast(DOWNLOAD_FAILED_MESSAGE);
  return false;
}

/** The landing of an alert's document link (spec §2): downloads the document, then goes to /. */
export function DocumentDownload({ folder, file }: { folder: string; file: string }) {
  const navigate = useNavigate();
  const started = useRef<string | null>(null);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    // StrictMode runs effects twice on the same instance; one download is enough.
    const key = `${folder}/${file}`;
    if (started.current !== key) {
      started.current = key;
      void downloadDocument(folder, file).then(() => {
        if (mounted.current) void navigate({ to: '/', replace: true });
      });
    }
    return () => {
      mounted.current = false;
    };
  }, [folder, file, navigate]);

  return (
    <Stack align="center" py="xl">
      <Title order={1}>Downloading your document</Title>
      <Loader role="status" aria-label="Downloading" />
    </Stack>
  );
}
