import { createFileRoute } from '@tanstack/react-router';
import { DocumentDownload } from '../features/documents/document-download';

export const Route = createFileRoute('/documents/$folder/$file')({
  component: DocumentDownloadPage,
});

function DocumentDownloadPage() {
  const { folder, file } = Route.useParams();
  return <DocumentDownload folder={folder} file={file} />;
}
