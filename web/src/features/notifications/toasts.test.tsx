import { Button, Drawer, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { DIALOG_TOAST_POSITION, DRAWER_TOAST_POSITION } from './app-notifications';
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

  it("move out of an open dialog's way, and back to the bottom right once it closes", async () => {
    const positionOf = (text: string) =>
      screen.getByText(text).closest('[data-position]')?.getAttribute('data-position');
    function Dialog({ opened }: { opened: boolean }) {
      return (
        <Modal opened={opened} onClose={() => {}} title="Add Email" centered>
          <Button>Add</Button>
        </Modal>
      );
    }
    const { rerender } = renderUi(<Dialog opened />);
    await screen.findByRole('dialog', { name: 'Add Email' });

    act(() => showErrorToast('Failed to add Email Notification Method'));
    await screen.findByText('Failed to add Email Notification Method');
    expect(DIALOG_TOAST_POSITION).toBe('top-center');
    expect(positionOf('Failed to add Email Notification Method')).toBe('top-center');

    // Closing the dialog leaves the toast where it appeared, not jumping across the screen...
    rerender(<Dialog opened={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(positionOf('Failed to add Email Notification Method')).toBe('top-center');

    // ...and once it has gone, the next toast is at the bottom right again.
    act(() => notifications.clean());
    await waitFor(() => expect(shown()).toEqual([]));
    act(() => showErrorToast('Failed to download document'));
    await screen.findByText('Failed to download document');
    expect(positionOf('Failed to download document')).toBe('bottom-right');
  });

  it("keep clear of an open drawer's header: at the bottom left, over the page it covers", async () => {
    const { rerender } = renderUi(
      <Drawer opened onClose={() => {}} title="Edit County: Placer" position="right">
        <Button>Save</Button>
      </Drawer>,
    );
    await screen.findByRole('dialog', { name: 'Edit County: Placer' });
    act(() => showErrorToast('Failed to save the county'));
    await screen.findByText('Failed to save the county');
    expect(DRAWER_TOAST_POSITION).toBe('bottom-left');
    expect(
      screen
        .getByText('Failed to save the county')
        .closest('[data-position]')
        ?.getAttribute('data-position'),
    ).toBe('bottom-left');
    rerender(null);
    act(() => notifications.clean());
    await waitFor(() => expect(shown()).toEqual([]));
  });
});
