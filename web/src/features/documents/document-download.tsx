import { Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Middleware } from 'openapi-fetch';
import { api, failures, quiet } from '../../api/client';
import { i18n } from '../../i18n';
import { SignInFirst } from '../auth/sign-in-first';
import { showErrorToast } from '../notifications/show-error-toast';
import { useSession } from '../session/session-context';
import { saveFile } from './save-file';

/** The toast of a failed download, in the language shown when it fails. */
const showDownloadFailed = () => showErrorToast(i18n.t('auth.document.failed'));

type Outcome = 'saved' | 'refused' | 'failed';

async function fetchAndSave(handling: Middleware, folder: string, file: string): Promise<Outcome> {
  try {
    const { data, response } = await api.GET('/api/document/download', {
      params: { query: { containerName: folder, fileName: file } },
      parseAs: 'blob',
      middleware: [handling],
    });
    if (data) {
      saveFile(data, file);
      return 'saved';
    }
    // Without a session the server answers as for a document that is not yours: 401 or 404.
    if (response.status === 401 || response.status === 404) return 'refused';
  } catch {
    // Network failure: reported like any other.
  }
  return 'failed';
}

/** GET /api/document/download; true when the file was handed to the browser. */
export async function downloadDocument(folder: string, file: string): Promise<boolean> {
  const saved = (await fetchAndSave(quiet, folder, file)) === 'saved';
  if (!saved) showDownloadFailed();
  return saved;
}

/**
 * The mail link's calls: a 401 means "sign in to get this", answered on this page, where by
 * default it would end the session and leave for /.
 */
const onThisPage = failures({ toast: false, endsSession: false });

/** Whether the server still knows the session: a refused download may only mean it does not. */
async function sessionEnded(): Promise<boolean> {
  try {
    const { response } = await api.POST('/api/auth/me', { middleware: [onThisPage] });
    return response.status === 401;
  } catch {
    return false;
  }
}

/**
 * The landing of an alert's document link: downloads the document, then goes to /.
 * Signed out, or with a stored session the server no longer knows, it asks the person to sign in
 * first; the magic link then continues here.
 */
export function DocumentDownload({ folder, file }: { folder: string; file: string }) {
  const { t } = useTranslation();
  const { user, setUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef<string | null>(null);
  const mounted = useRef(false);
  const signedIn = user !== null;

  useEffect(() => {
    mounted.current = true;
    // StrictMode runs effects twice on the same instance; one download is enough.
    const key = `${folder}/${file}`;
    if (signedIn && started.current !== key) {
      started.current = key;
      void fetchAndSave(onThisPage, folder, file).then(async (outcome) => {
        if (outcome === 'refused' && (await sessionEnded())) {
          queryClient.clear();
          setUser(null);
          started.current = null;
          return;
        }
        if (outcome !== 'saved') showDownloadFailed();
        if (mounted.current) void navigate({ to: '/', replace: true });
      });
    }
    return () => {
      mounted.current = false;
    };
  }, [folder, file, signedIn, setUser, queryClient, navigate]);

  if (!signedIn) {
    return (
      <SignInFirst
        title={t('auth.document.signInTitle')}
        reason={t('auth.document.signInReason')}
        next={{ to: '/documents/$folder/$file', params: { folder, file } }}
      />
    );
  }

  return (
    <Stack align="center" py="xl">
      <Title order={1}>{t('auth.document.downloading')}</Title>
      <Loader role="status" aria-label={t('auth.document.downloadingStatus')} />
    </Stack>
  );
}
