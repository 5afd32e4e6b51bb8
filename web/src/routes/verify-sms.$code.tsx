import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CodeSignIn } from '../features/auth/code-sign-in';

export const Route = createFileRoute('/verify-sms/$code')({
  staticData: { signsIn: true },
  component: VerifySmsPage,
});

function VerifySmsPage() {
  const { t } = useTranslation();
  const { code } = Route.useParams();
  return (
    <CodeSignIn
      kind="verify-sms"
      code={code}
      title={t('auth.code.verifyingPhone')}
      success="phone-verified"
    />
  );
}
