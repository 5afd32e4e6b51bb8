import { createFileRoute } from '@tanstack/react-router';
import { CodeSignIn } from '../features/auth/code-sign-in';

export const Route = createFileRoute('/verify-email/$code')({
  staticData: { signsIn: true },
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { code } = Route.useParams();
  return (
    <CodeSignIn
      kind="verify-email"
      code={code}
      title="Verifying your email"
      success="email-verified"
    />
  );
}
