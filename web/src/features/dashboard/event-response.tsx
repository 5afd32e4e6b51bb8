import type { CaseStatus } from '@deedwatch/rules';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { api } from '../../api/client';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import { saveFile } from '../documents/save-file';
import { showErrorToast } from '../notifications/show-error-toast';
import { formatDate } from './format';
import { LEVEL_COLORS, LEVEL_KEYS } from './levels';
import { ReportModal } from './report-modal';
import type { AlertEvent } from './types';
import { useUserAction } from './use-user-action';

/** The words of a case status. */
export const CASE_STATUS_KEYS = {
  open: 'dashboard.response.caseOpen',
  contacted: 'dashboard.response.caseContacted',
  closed: 'dashboard.response.caseClosed',
} as const satisfies Record<CaseStatus, string>;

/** How urgently the event asks the subscriber to act. */
export function LevelBadge({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  return (
    // autoContrast: dark text on the light orange of Check, white on the others.
    <Badge color={LEVEL_COLORS[event.level]} variant="filled" autoContrast>
      {t(LEVEL_KEYS[event.level])}
    </Badge>
  );
}

/** What the document does, in the subscriber's words. */
export function WhatItDoes({ event }: { event: AlertEvent }) {
  return (
    <Text size="sm" fw={700}>
      {event.whatItDoes}
    </Text>
  );
}

/** Whom the county wants a suspected fraud reported to, when it said so. */
export function FraudContact({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  const contact = event.fraudContact;
  if (!contact) return null;
  const parts = [contact.name, contact.phone].filter((part) => part !== '');
  return (
    <Text size="xs" c="gray.7">
      {t('dashboard.response.fraudContact', { contact: parts.join(' · ') })}
      {contact.email && (
        <>
          {parts.length > 0 && ' · '}
          <Anchor size="xs" href={`mailto:${contact.email}`}>
            {contact.email}
          </Anchor>
        </>
      )}
      {/^https?:\/\//i.test(contact.url) && (
        <>
          {' · '}
          <Anchor size="xs" href={contact.url} target="_blank" rel="noopener noreferrer">
            {t('dashboard.response.fraudWebPage')}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/** GET the case packet and hand it to the browser; a failure says so in a toast. */
export async function downloadPacket(
  caseId: string,
  caseNumber: string,
  documentNumber: string,
): Promise<boolean> {
  try {
    const { data } = await api.GET('/api/user/cases/{id}/packet', {
      params: { path: { id: caseId } },
      parseAs: 'blob',
    });
    if (data) {
      saveFile(data, `DeedWatch-case-${caseNumber}-${documentNumber}.pdf`);
      return true;
    }
  } catch {
    // Network failure: reported below like any other.
  }
  showErrorToast(i18n.t('dashboard.response.packetFailed'));
  return false;
}

/**
 * The subscriber's answer to an event: "I recognise this" or "This wasn't me" while they have
 * given none; then that they recognised it, or their case with its status and its packet.
 */
export function EventResponse({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  // A sent report replaces "This wasn't me" (which opened the dialog) with the case: focus goes
  // to the case's packet button instead of falling to the page.
  const packetButton = useRef<HTMLButtonElement>(null);
  const [focusPacket, setFocusPacket] = useState(false);
  useEffect(() => {
    if (!focusPacket || reporting || !packetButton.current) return;
    packetButton.current.focus();
    setFocusPacket(false);
  }, [focusPacket, reporting, event.case]);
  const closeReport = () => {
    setReporting(false);
    if (event.case) setFocusPacket(true);
  };
  const recognise = useUserAction(
    () => api.POST('/api/user/events/{id}/recognise', { params: { path: { id: event.id } } }),
    t('dashboard.response.recogniseFailed'),
  );
  // The answer replaces "I recognise this" (and its button, which had focus): focus goes to the
  // event's card, where the answer now shows.
  const card = useRef<HTMLElement | null>(null);
  const focusWhenReady = useFocusWhenReady();
  const recogniseEvent = (button: HTMLElement) => {
    card.current = button.closest('article');
    recognise.mutate(undefined, { onSuccess: () => focusWhenReady(() => card.current) });
  };
  const packet = useMutation({
    mutationFn: (c: NonNullable<AlertEvent['case']>) =>
      downloadPacket(c.id, c.caseNumber, event.documentNumber),
  });

  return (
    <>
      {event.case ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge color="grape" variant="light">
              {t('dashboard.response.reported', { caseNumber: event.case.caseNumber })}
            </Badge>
            <Text size="sm">
              {t('dashboard.response.status')}{' '}
              <Text span fw={700}>
                {t(CASE_STATUS_KEYS[event.case.status])}
              </Text>{' '}
              {t('dashboard.response.updated', { date: formatDate(event.case.updatedAt) })}
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              ref={packetButton}
              onClick={() => event.case && packet.mutate(event.case)}
              loading={packet.isPending}
              aria-label={t('dashboard.response.downloadPacketLabel', {
                number: event.documentNumber,
              })}
            >
              {t('dashboard.response.downloadPacket')}
            </Button>
          </Group>
        </Stack>
      ) : event.recognisedAt ? (
        <Text size="sm" c="teal.9">
          {t('dashboard.response.recognised', { date: formatDate(event.recognisedAt) })}
        </Text>
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="teal.0"
            onClick={(e) => recogniseEvent(e.currentTarget)}
            loading={recognise.isPending}
            aria-label={t('dashboard.response.recogniseLabel', { number: event.documentNumber })}
          >
            {t('dashboard.response.recognise')}
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => setReporting(true)}
            aria-label={t('dashboard.response.notMeLabel', { number: event.documentNumber })}
          >
            {t('dashboard.response.notMe')}
          </Button>
        </Group>
      )}
      {/* Where it is whatever the answer, so it shows the new case until it is closed. */}
      <ReportModal event={event} opened={reporting} onClose={closeReport} />
    </>
  );
}
