import type { ScrollAreaProps } from '@mantine/core';

/**
 * A table that scrolls sideways on a phone can be scrolled from the keyboard: its viewport takes
 * focus (Tab), then the arrow keys scroll it. Pass as `Table.ScrollContainer`'s scrollAreaProps.
 */
export const KEYBOARD_SCROLL: ScrollAreaProps = { viewportProps: { tabIndex: 0 } };
