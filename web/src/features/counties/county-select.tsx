import { Select } from '@mantine/core';
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
  return (
    <Select
      label="County"
      placeholder={loading ? 'Loading counties…' : 'Select a county'}
      data={counties.map((county) => county.name)}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      disabled={loading}
      // Typing part of the name narrows the list, so a county can be picked by keyboard.
      searchable
      nothingFoundMessage={counties.length === 0 ? 'No counties available' : 'No such county'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
