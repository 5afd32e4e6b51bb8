import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { showErrorToast } from './show-error-toast';
import { toastSettings } from './toast-settings';

const shown = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map(
    (n) => n.querySelector('.mantine-Notification-description')?.textContent,
  );

describe('toasts', () => {
  it("uses the product's toast constants", () => {
    expect(toastSettings).toEqual({
      position: 'bottom-right',
      autoClose: 4000,
      transitionDuration: 250,
      containerWidth: 440,
      notificationMaxHeight: 200,
      limit: 5,
    });
  });

  it('shows 5 at once at the bottom right and queues the rest', async () => {
    renderUi(null);
    act(() => {
      for (let i = 1; i <= 7; i++) showErrorToast(`Failure ${i}`);
    });

    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(shown()).toEqual(['Failure 1', 'Failure 2', 'Failure 3', 'Failure 4', 'Failure 5']);
    const first = screen.getByText('Failure 1');
    expect(first.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
    expect(first.closest('.mantine-Notification-root')?.textContent).toContain('Error');

    const close = first
      .closest('.mantine-Notification-root')
      ?.querySelector<HTMLButtonElement>('.mantine-Notification-closeButton');
    fireEvent.click(close!);
    await waitFor(() => expect(shown()).toContain('Failure 6'));
  });
});
