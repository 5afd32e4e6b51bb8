import { CASE_STATUS_LABELS, type CaseStatus } from '@deedwatch/rules';
import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LEVEL_COLORS, LEVEL_LABELS } from '../dashboard/levels';
import { CASE_STATUS_COLORS } from './case-status';
import type { StaffCase } from './types';

/**
 * Where a case stands and how urgent its event is, after what `children` puts first (the list
 * names the case there); `large` for the drawer's status.
 */
export function CaseBadges({
  status,
  level,
  large = false,
  children,
}: {
  status: CaseStatus;
  level: StaffCase['level'];
  large?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs">
      {children}
      <Badge color={CASE_STATUS_COLORS[status]} variant="light" size={large ? 'lg' : undefined}>
        {CASE_STATUS_LABELS[status]}
      </Badge>
      <Badge color={LEVEL_COLORS[level]} variant="filled">
        {LEVEL_LABELS[level]}
      </Badge>
    </Group>
  );
}
