/**
 * The modal stack opened through the bus (openModal/closeModal). Level = index: z-index 1000 + 2
 * per level; only the top modal reacts to Escape and traps focus; the Modal returns focus to
 * whatever opened it; onClose runs once when a modal leaves the stack.
 */
import { useEffect, useRef, useState } from 'react';
import { bus, type ModalOpenEvent } from '@wishes/kit-session';
import { Modal } from '@wishes/kit-ui';

export function ModalHost() {
  const [stack, setStack] = useState<ModalOpenEvent[]>([]);
  // The authoritative stack, updated synchronously so close events decide outside a state updater.
  const stackRef = useRef<ModalOpenEvent[]>([]);

  useEffect(() => {
    const subscription = bus.modal$.subscribe((event) => {
      const current = stackRef.current;
      if (event.type === 'open') {
        stackRef.current = [...current, event];
        setStack(stackRef.current);
        return;
      }
      const target = event.id === undefined ? current[current.length - 1] : current.find((m) => m.id === event.id);
      if (!target) return;
      stackRef.current = current.filter((m) => m !== target);
      setStack(stackRef.current);
      target.onClose?.();
    });
    return () => subscription.unsubscribe();
  }, []);

  return (
    <>
      {stack.map((modal, level) => {
        const close = () => bus.modal$.next({ type: 'close', id: modal.id });
        return (
          <Modal key={modal.id} title={modal.title} level={level} isTop={level === stack.length - 1} onClose={close}>
            {modal.render(close)}
          </Modal>
        );
      })}
    </>
  );
}
