import { createFileRoute } from '@tanstack/react-router';
import { DocumentDownload } from '../features/documents/document-download';

export const Route = createFileRoute('/documents/$folder/$file')({
  // Opened from a mail, often days later: a stored session that has ended asks to sign in here.
  staticData: { checksSession: true },
  component: DocumentDownloadPage,
});

function DocumentDownloadPage() {
  const { folder, file } = Route.useParams();
  return <DocumentDownload folder={folder} file={file} />;
}
