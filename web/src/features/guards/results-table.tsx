import { ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

/** Search results scroll past this height (spec §9). */
export const RESULTS_MAX_HEIGHT = 250;

export function ResultsScroller({ children }: { children: ReactNode }) {
  return (
    <ScrollArea.Autosize mah={RESULTS_MAX_HEIGHT} type="auto" offsetScrollbars data-results>
      {children}
    </ScrollArea.Autosize>
  );
}
