import { createFileRoute } from '@tanstack/react-router';
import { CodeSignIn } from '../features/auth/code-sign-in';

export const Route = createFileRoute('/login-redirect/$code')({
  staticData: { signsIn: true },
  component: LoginRedirectPage,
});

function LoginRedirectPage() {
  const { code } = Route.useParams();
  return <CodeSignIn kind="login" code={code} title="Signing you in" />;
}
