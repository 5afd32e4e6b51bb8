import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { County } from '../../api/types';

/** Step 1 of a guard modal: the county the names or properties are in. */
export function CountySelect({
  counties,
  loading,
  value,
  onChange,
}: {
  counties: readonly County[];
  loading: boolean;
  value: string | null;
  onChange: (county: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('guards.county.label')}
      placeholder={loading ? t('guards.county.loading') : t('guards.county.placeholder')}
      data={counties.map((county) => county.name)}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      disabled={loading}
      // Typing part of the name narrows the list, so a county can be picked by keyboard.
      searchable
      nothingFoundMessage={
        counties.length === 0 ? t('guards.county.noCounties') : t('guards.county.noSuchCounty')
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
