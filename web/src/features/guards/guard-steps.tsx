import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countiesQuery } from '../../api/queries';
import { CountySelect } from '../counties/county-select';
import type { PickHandlers } from './guard-button';
import type { GuardApn, GuardKind, GuardName } from './guard-items';
import { NamePicker } from './name-picker';
import { PropertyPicker } from './property-picker';

/**
 * The body of a guard modal, on the register page and the dashboard alike: Step 1 a county,
 * Step 2 the name or property search of that county.
 */
export function GuardSteps({
  kind,
  county,
  onCountyChange,
  names,
  apns,
}: {
  kind: GuardKind;
  county: string | null;
  onCountyChange: (county: string | null) => void;
  names: PickHandlers<GuardName>;
  apns: PickHandlers<GuardApn>;
}) {
  const { t } = useTranslation();
  const counties = useQuery(countiesQuery());
  const selectedCounty = counties.data?.find((c) => c.name === county) ?? null;
  return (
    <>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('guards.steps.county')}
        </Title>
        <CountySelect
          counties={counties.data ?? []}
          loading={counties.isPending}
          value={county}
          onChange={onCountyChange}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {kind === 'name' ? t('guards.steps.searchName') : t('guards.steps.searchProperty')}
        </Title>
        {kind === 'name' ? (
          <NamePicker key={county ?? ''} county={county} {...names} />
        ) : (
          <PropertyPicker key={county ?? ''} county={selectedCounty} {...apns} />
        )}
      </Stack>
    </>
  );
}
