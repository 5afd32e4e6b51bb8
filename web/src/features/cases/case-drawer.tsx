import {
  CASE_PROBLEM_LABELS,
  CASE_STATUS_LABELS,
  type CaseStatus,
  MAX_CASE_NOTE_LENGTH,
} from '@deedwatch/rules';
import {
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { caseQuery } from '../../api/queries';
import { formatPhone } from '../../components/phone';
import { formatDateTime } from '../../i18n/format';
import { NotLoaded } from '../admin/load-states';
import { saveFile } from '../documents/save-file';
import { formatCountyDate, formatDate } from '../dashboard/format';
import { showErrorToast } from '../notifications/show-error-toast';
import { CaseBadges } from './case-badges';
import { nextStatuses } from './case-status';
import type { StaffCase } from './types';

export const STAFF_PACKET_FAILED = 'Failed to download the case packet';

const STATUS_ACTIONS: Record<Exclude<CaseStatus, 'open'>, string> = {
  contacted: 'Mark Contacted',
  closed: 'Close Case',
};

/**
 * Who did it: the account, or, for what staff did while impersonating a subscriber, the staff
 * member first, as the one who acted, and the subscriber they acted as.
 */
function actorOf(entry: StaffCase['history'][number]): string {
  if (entry.impersonatorEmail === null) return entry.actorEmail ?? 'A deleted account';
  return `${entry.impersonatorEmail} (impersonating ${entry.actorEmail ?? 'a deleted account'})`;
}

/** One line of the case's history: who did what, when. */
function historyLine(entry: StaffCase['history'][number]): string {
  const who = actorOf(entry);
  switch (entry.action) {
    case 'case.open':
      return `${who} reported the document`;
    case 'case.status':
      return `${who} moved the case from ${String(entry.details.from)} to ${String(entry.details.to)}`;
    case 'case.note':
      return `${who} added a note`;
    default:
      return `${who}: ${entry.action}`;
  }
}

function CaseDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const detail = useQuery(caseQuery(id));
  const [note, setNote] = useState('');
  const refresh = async (updated: StaffCase) => {
    queryClient.setQueryData(caseQuery(id).queryKey, updated);
    // The queue shows statuses too.
    await queryClient.invalidateQueries({ queryKey: ['get', '/api/admin/cases'], exact: false });
  };
  const move = useMutation({
    mutationFn: async (status: CaseStatus) => {
      const { data } = await api.POST('/api/admin/cases/{id}/status', {
        params: { path: { id } },
        body: { status, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      if (!data) throw new Error('The case did not move');
      return data;
    },
    onSuccess: async (updated) => {
      setNote('');
      await refresh(updated);
      notifications.show({
        color: 'teal',
        title: 'Case Updated',
        message: `Case ${updated.caseNumber} is ${CASE_STATUS_LABELS[updated.status].toLowerCase()}.`,
      });
    },
  });
  const addNote = useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/api/admin/cases/{id}/notes', {
        params: { path: { id } },
        body: { note: note.trim() },
      });
      if (!data) throw new Error('The note was not added');
      return data;
    },
    onSuccess: async (updated) => {
      setNote('');
      await refresh(updated);
    },
  });
  const packet = useMutation({
    mutationFn: async (c: StaffCase) => {
      const { data } = await api.GET('/api/admin/cases/{id}/packet', {
        params: { path: { id: c.id } },
        parseAs: 'blob',
      });
      if (!data) throw new Error('No packet');
      saveFile(data, `DeedWatch-case-${c.caseNumber}-${c.documentNumber}.pdf`);
    },
    onError: () => showErrorToast(STAFF_PACKET_FAILED),
  });

  if (!detail.isSuccess)
    return (
      <NotLoaded
        query={detail}
        loadingLabel="Loading the case"
        failedTitle="Case not loaded"
        failedMessage="The case could not be loaded."
        notFound={{
          title: 'Case not found',
          message: 'No case has this link. Pick one from the list of cases.',
        }}
      />
    );
  const c = detail.data;
  const busy = move.isPending || addNote.isPending;
  return (
    <Stack>
      <CaseBadges status={c.status} level={c.level} large />
      <Stack gap={2}>
        <Text size="sm">
          Document <b>{c.documentNumber}</b> · {c.documentType} · {c.county} · Recorded{' '}
          {formatCountyDate(c.recordedAt)}
        </Text>
        <Text size="sm">
          Guarded: {c.match.guarded} · The document shows {c.match.matchedValue}
          {c.match.partyRole ? ` (${c.match.partyRole})` : ''}
        </Text>
        <Text size="sm">
          Reported {formatDate(c.createdAt)} by {c.subscriberEmail}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          Statement
        </Title>
        <Text size="sm" fw={700}>
          {CASE_PROBLEM_LABELS[c.problem]}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {c.statement}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Title order={3} size="h5">
          How to Reach Them
        </Title>
        <Text size="sm">
          Email: <Anchor href={`mailto:${c.contactEmail}`}>{c.contactEmail}</Anchor>
        </Text>
        <Text size="sm">
          Phone:{' '}
          {c.contactPhone ? (
            <Anchor href={`tel:${c.contactPhone}`}>{formatPhone(c.contactPhone)}</Anchor>
          ) : (
            'none given'
          )}
        </Text>
        <Text size="sm">Prefers: {c.preferredContact === 'phone' ? 'a phone call' : 'email'}</Text>
      </Stack>
      <Button
        variant="light"
        onClick={() => packet.mutate(c)}
        loading={packet.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        Download Case Packet
      </Button>
      <Divider />
      <Textarea
        label="Note"
        description="Kept with the case; written with a status change, or on its own"
        rows={3}
        maxLength={MAX_CASE_NOTE_LENGTH}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group gap="xs">
        {nextStatuses(c.status).map((status) => (
          <Button
            key={status}
            color={status === 'closed' ? 'gray' : undefined}
            onClick={() => move.mutate(status)}
            loading={move.isPending && move.variables === status}
            disabled={busy}
          >
            {STATUS_ACTIONS[status as Exclude<CaseStatus, 'open'>]}
          </Button>
        ))}
        <Button
          variant="default"
          onClick={() => addNote.mutate()}
          loading={addNote.isPending}
          disabled={busy || note.trim() === ''}
        >
          Add Note
        </Button>
      </Group>
      {c.status === 'closed' && (
        <Text size="sm" c="dimmed">
          A closed case stays closed: cases only move forward.
        </Text>
      )}
      <Stack gap={4}>
        <Title order={3} size="h5">
          Notes
        </Title>
        {c.notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        ) : (
          c.notes.map((n) => (
            <Text key={n.id} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="xs">
                {formatDate(n.createdAt)} · {n.authorEmail ?? 'A deleted account'}:{' '}
              </Text>
              {n.body}
            </Text>
          ))
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          History
        </Title>
        <Timeline bulletSize={12} lineWidth={2} aria-label="History">
          {c.history.map((entry) => (
            <Timeline.Item key={entry.id}>
              <Text size="sm">{historyLine(entry)}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}

/** One case in a side panel (the whole width on a phone), by the id in the address. */
export function CaseDrawer({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const number = useQuery({ ...caseQuery(caseId), enabled: caseId !== '' }).data?.caseNumber;
  return (
    <Drawer
      opened={caseId !== ''}
      onClose={onClose}
      title={number ? `Case ${number}` : 'Case'}
      position="right"
      size={narrow ? '100%' : '55%'}
    >
      {caseId !== '' && <CaseDetail key={caseId} id={caseId} />}
    </Drawer>
  );
}
