import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CodeSignIn } from '../features/auth/code-sign-in';

export const Route = createFileRoute('/verify-email/$code')({
  staticData: { signsIn: true },
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { t } = useTranslation();
  const { code } = Route.useParams();
  return (
    <CodeSignIn
      kind="verify-email"
      code={code}
      title={t('auth.code.verifyingEmail')}
      success="email-verified"
    />
  );
}
