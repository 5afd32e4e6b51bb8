import { CASE_STATUS_LABELS } from '@deedwatch/rules';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { saveFile } from '../documents/save-file';
import { showErrorToast } from '../notifications/show-error-toast';
import { formatDate } from './format';
import { LEVEL_COLORS, LEVEL_LABELS } from './levels';
import { ReportModal } from './report-modal';
import type { AlertEvent } from './types';
import { useUserAction } from './use-user-action';

export const RECOGNISE_FAILED = 'Failed to Save Your Answer';
export const PACKET_FAILED = 'Failed to download the case packet';

/** How urgently the event asks the subscriber to act. */
export function LevelBadge({ event }: { event: AlertEvent }) {
  return (
    <Badge color={LEVEL_COLORS[event.level]} variant="filled">
      {LEVEL_LABELS[event.level]}
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
  const contact = event.fraudContact;
  if (!contact) return null;
  const parts = [contact.name, contact.phone].filter((part) => part !== '');
  return (
    <Text size="xs" c="dimmed">
      Suspect fraud? The county asks you to contact: {parts.join(' · ')}
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
            Web page
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
  showErrorToast(PACKET_FAILED);
  return false;
}

/**
 * The subscriber's answer to an event: "I recognise this" or "This wasn't me" while they have
 * given none; then that they recognised it, or their case with its status and its packet.
 */
export function EventResponse({ event }: { event: AlertEvent }) {
  const [reporting, setReporting] = useState(false);
  const recognise = useUserAction(
    () => api.POST('/api/user/events/{id}/recognise', { params: { path: { id: event.id } } }),
    RECOGNISE_FAILED,
  );
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
              Reported: Case {event.case.caseNumber}
            </Badge>
            <Text size="sm">
              Status:{' '}
              <Text span fw={700}>
                {CASE_STATUS_LABELS[event.case.status]}
              </Text>{' '}
              (updated {formatDate(event.case.updatedAt)})
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => event.case && packet.mutate(event.case)}
              loading={packet.isPending}
              aria-label={`Download the case packet of document ${event.documentNumber}`}
            >
              Download Case Packet
            </Button>
          </Group>
        </Stack>
      ) : event.recognisedAt ? (
        <Text size="sm" c="teal">
          You recognised this on {formatDate(event.recognisedAt)}.
        </Text>
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="teal"
            onClick={() => recognise.mutate(undefined)}
            loading={recognise.isPending}
            aria-label={`I recognise document ${event.documentNumber}`}
          >
            I recognise this
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => setReporting(true)}
            aria-label={`This wasn't me: report document ${event.documentNumber}`}
          >
            This wasn&apos;t me
          </Button>
        </Group>
      )}
      {/* Where it is whatever the answer, so it shows the new case until it is closed. */}
      <ReportModal event={event} opened={reporting} onClose={() => setReporting(false)} />
    </>
  );
}
