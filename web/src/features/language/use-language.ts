import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@deedwatch/rules';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { switchLanguage } from '../../i18n';
import { useSession } from '../session/session-context';

/**
 * The site's language and the way to change it. Signed out, the choice is remembered on this
 * browser; signed in, it is also stored on the account, so that the emails, texts and PDFs sent
 * to the subscriber are in it too. Staff impersonating a subscriber change only what they see.
 */
export function useLanguage() {
  const { i18n } = useTranslation();
  const { user, setUser } = useSession();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const choose = useCallback(
    async (next: Language) => {
      await switchLanguage(next);
      if (!user || user.isImpersonated || user.language === next) return;
      const { data } = await api.POST('/api/user/language', { body: { language: next } });
      if (data) setUser(data);
    },
    [user, setUser],
  );

  return { language, choose };
}

/** Signed in, the site speaks the account's language (chosen here, or on another device). */
export function useAccountLanguage() {
  const { user } = useSession();
  const account = user && !user.isImpersonated ? user.language : undefined;
  useEffect(() => {
    if (account) void switchLanguage(account);
  }, [account]);
}
