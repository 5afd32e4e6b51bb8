import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CodeSignIn } from '../features/auth/code-sign-in';

export const Route = createFileRoute('/login-redirect/$code')({
  staticData: { signsIn: true },
  component: LoginRedirectPage,
});

function LoginRedirectPage() {
  const { t } = useTranslation();
  const { code } = Route.useParams();
  return <CodeSignIn kind="login" code={code} title={t('auth.code.signingIn')} />;
}
