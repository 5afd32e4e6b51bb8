import { CASE_PROBLEM_LABELS, CASE_STATUS_LABELS } from '@deedwatch/rules';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { casesQuery } from '../../api/queries';
import {
  type AdminSearch,
  CASE_STATUS_FILTERS,
  type CaseStatusFilter,
  type CasesListState,
  casesListQuery,
  countOf,
  pageSizeOf,
} from '../admin/admin-search';
import { PageSizeSelect } from '../admin/list-controls';
import { PagedList } from '../admin/load-states';
import { formatDate } from '../dashboard/format';
import { CaseBadges } from './case-badges';
import { CaseDrawer } from './case-drawer';

export const NO_CASES = 'No Cases Found';

const STATUS_FILTER_LABELS: Record<CaseStatusFilter, string> = {
  all: 'All statuses',
  ...CASE_STATUS_LABELS,
};

/**
 * The staff case queue: "This wasn't me" reports, newest first, filtered by status and county;
 * a case opens in a side panel. The filters, the page and the open case live in the address.
 */
export function CasesTab({
  list,
  onChange,
}: {
  list: CasesListState;
  onChange: (change: Partial<AdminSearch>) => void;
}) {
  const size = pageSizeOf(list.count);
  const cases = useQuery({
    ...casesQuery(casesListQuery(list)),
    placeholderData: keepPreviousData,
  });
  const rows = cases.data?.cases ?? [];
  const counties = cases.data?.counties ?? [];
  return (
    <Stack>
      <Group align="flex-end" justify="space-between" gap="sm">
        <Group align="flex-end" gap="sm">
          <Select
            label="Status"
            w={170}
            allowDeselect={false}
            value={list.caseStatus}
            onChange={(status) =>
              status && onChange({ caseStatus: status as CaseStatusFilter, page: 1 })
            }
            data={CASE_STATUS_FILTERS.map((value) => ({
              value,
              label: STATUS_FILTER_LABELS[value],
            }))}
          />
          <Select
            label="County"
            w={200}
            allowDeselect={false}
            value={String(list.caseCounty)}
            onChange={(county) => county && onChange({ caseCounty: Number(county), page: 1 })}
            data={[
              { value: '0', label: 'All counties' },
              ...counties.map((c) => ({ value: String(c.id), label: c.name })),
              // A county in the address that has no case (any more) still reads as itself.
              ...(list.caseCounty && !counties.some((c) => c.id === list.caseCounty)
                ? [{ value: String(list.caseCounty), label: `County ${list.caseCounty}` }]
                : []),
            ]}
          />
        </Group>
        <PageSizeSelect
          value={size}
          onChange={(next) => onChange({ count: countOf(next), page: 1 })}
        />
      </Group>
      <PagedList
        query={cases}
        loadingLabel="Loading cases"
        failedTitle="Cases not loaded"
        failedMessage="The case queue could not be loaded."
        page={list.page}
        size={size}
        total={cases.data?.totalCases ?? 0}
        onPage={(page) => onChange({ page })}
      >
        {/* A list only when it has items: an empty list holding a sentence is no list. */}
        <Stack
          gap="xs"
          role={rows.length > 0 ? 'list' : undefined}
          aria-label={rows.length > 0 ? 'Cases' : undefined}
        >
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {NO_CASES}
            </Text>
          ) : (
            rows.map((c) => (
              <Paper
                withBorder
                p="sm"
                key={c.id}
                role="listitem"
                aria-label={`Case ${c.caseNumber}`}
              >
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <CaseBadges status={c.status} level={c.level}>
                      <Text fw={700}>Case {c.caseNumber}</Text>
                    </CaseBadges>
                    <Text size="sm">
                      Document {c.documentNumber} · {c.documentType} · {c.county}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {c.subscriberEmail} · {CASE_PROBLEM_LABELS[c.problem]} · Reported{' '}
                      {formatDate(c.createdAt)}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    onClick={() => onChange({ caseId: c.id })}
                    aria-label={`Open case ${c.caseNumber}`}
                  >
                    Open
                  </Button>
                </Group>
              </Paper>
            ))
          )}
        </Stack>
      </PagedList>
      <CaseDrawer caseId={list.caseId} onClose={() => onChange({ caseId: '' })} />
    </Stack>
  );
}
