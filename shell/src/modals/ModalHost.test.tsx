import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeModal, openModal } from '@wishes/kit-session';
import { ModalHost } from './ModalHost';

function Opener({ onClose }: { onClose: (name: string) => void }) {
  return (
    <button
      type="button"
      onClick={() =>
        openModal({
          title: 'Share',
          onClose: () => onClose('Share'),
          render: () => (
            <button
              type="button"
              onClick={() => openModal({ title: 'People who voted', onClose: () => onClose('People who voted'), render: (close) => <button onClick={close}>Done</button> })}
            >
              Open second
            </button>
          ),
        })
      }
    >
      Open first
    </button>
  );
}

describe('ModalHost', () => {
  it('stacks modals at z-index 1000 and 1002; Escape closes only the top one; focus returns to the opener', async () => {
    const closed: string[] = [];
    render(
      <>
        <Opener onClose={(name) => closed.push(name)} />
        <ModalHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open first' });
    await userEvent.click(opener);
    const first = screen.getByRole('dialog', { name: 'Share' });
    const secondOpener = screen.getByRole('button', { name: 'Open second' });
    await userEvent.click(secondOpener);
    const second = screen.getByRole('dialog', { name: 'People who voted' });

    const overlays = screen.getAllByTestId('modal-overlay');
    expect(overlays.map((o) => o.style.zIndex)).toEqual(['1000', '1002']);
    expect(second).toContainElement(document.activeElement as HTMLElement);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'People who voted' })).not.toBeInTheDocument();
    expect(first).toBeInTheDocument();
    expect(closed).toEqual(['People who voted']);
    expect(secondOpener).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(closed).toEqual(['People who voted', 'Share']);
    expect(opener).toHaveFocus();
  });

  it('traps Tab focus inside the top modal', async () => {
    render(
      <>
        <button type="button">Outside</button>
        <ModalHost />
      </>,
    );
    act(() => {
      openModal({ title: 'Report options', render: () => <button type="button">Spam</button> });
    });
    const dialog = screen.getByRole('dialog', { name: 'Report options' });
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes by id, by the render close function and by the Close button, calling onClose once each', async () => {
    const onClose = jest.fn();
    render(<ModalHost />);
    let id = 0;
    act(() => {
      id = openModal({ title: 'A', onClose, render: () => <p>a</p> });
      openModal({ title: 'B', onClose, render: (close) => <button onClick={close}>Finish</button> });
    });
    act(() => closeModal(id));
    expect(screen.queryByRole('dialog', { name: 'A' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'B' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(2);
    act(() => {
      openModal({ title: 'C', onClose, render: () => <p>c</p> });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(3);
    act(() => closeModal());
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
