import { bus, toast, showToast, openModal, closeModal, navigate, type ToastEvent, type ModalEvent } from './bus';

it('publishes toasts with the default 5000 ms and clamps durations to 0.5–5 s', () => {
  const seen: ToastEvent[] = [];
  const sub = bus.toast$.subscribe((event) => seen.push(event));
  toast.success('Upvoted');
  showToast('error', 'Nope', 100);
  toast.info('Long', 60_000);
  sub.unsubscribe();
  expect(seen).toEqual([
    { kind: 'success', text: 'Upvoted', durationMs: 5000 },
    { kind: 'error', text: 'Nope', durationMs: 500 },
    { kind: 'info', text: 'Long', durationMs: 5000 },
  ]);
});

it('opens modals with increasing ids and closes the top or a given one', () => {
  const seen: ModalEvent[] = [];
  const sub = bus.modal$.subscribe((event) => seen.push(event));
  const render = () => null;
  const first = openModal({ title: 'Share', render });
  const second = openModal({ title: 'Report options', render });
  closeModal();
  closeModal(first);
  sub.unsubscribe();
  expect(second).toBe(first + 1);
  expect(seen).toEqual([
    { type: 'open', id: first, title: 'Share', render },
    { type: 'open', id: second, title: 'Report options', render },
    { type: 'close', id: undefined },
    { type: 'close', id: first },
  ]);
});

it('asks the shell to navigate', () => {
  const seen: unknown[] = [];
  const sub = bus.navigate$.subscribe((event) => seen.push(event));
  navigate('/feed', { replace: true });
  sub.unsubscribe();
  expect(seen).toEqual([{ to: '/feed', replace: true }]);
});

it('is one bus even if the module is loaded twice (a mismatched remote copy)', () => {
  jest.isolateModules(() => {
    const again = jest.requireActual<typeof import('./bus')>('./bus');
    expect(again.bus).toBe(bus);
  });
});
