import { createFileRoute } from '@tanstack/react-router';
import { CodeSignIn } from '../features/auth/code-sign-in';

export const Route = createFileRoute('/verify-sms/$code')({
  staticData: { signsIn: true },
  component: VerifySmsPage,
});

function VerifySmsPage() {
  const { code } = Route.useParams();
  return (
    <CodeSignIn
      kind="verify-sms"
      code={code}
      title="Verifying your phone"
      success="phone-verified"
    />
  );
}
