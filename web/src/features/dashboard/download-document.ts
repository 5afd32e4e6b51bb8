import { api } from '../../api/client';
import type { AlertEvent } from './types';

/** Hands a blob to the browser as a file download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads an alert's recorded document; rejects when the server refuses or is unreachable. */
export async function downloadDocument(event: AlertEvent): Promise<void> {
  const { data } = await api.GET('/api/document/download', {
    params: {
      query: {
        containerName: event.countyCodeContainerName,
        fileName: event.parsedDocumentName,
      },
    },
    parseAs: 'blob',
  });
  if (!data) throw new Error(`Document ${event.documentNumber} was not downloaded`);
  saveBlob(data, event.parsedDocumentName);
}
