import { createFileRoute } from '@tanstack/react-router';
import { ContactAnswer } from '../features/trusted-contacts/contact-answer';

export const Route = createFileRoute('/trusted-contact/stop/$code')({
  component: Stop,
});

function Stop() {
  const { code } = Route.useParams();
  return <ContactAnswer answer="stop" code={code} />;
}
