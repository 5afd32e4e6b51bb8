import { createFileRoute } from '@tanstack/react-router';
import { ContactAnswer } from '../features/trusted-contacts/contact-answer';

export const Route = createFileRoute('/trusted-contact/accept/$code')({
  component: Accept,
});

function Accept() {
  const { code } = Route.useParams();
  return <ContactAnswer answer="accept" code={code} />;
}
