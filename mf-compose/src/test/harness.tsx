import { useEffect, useState, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Modal, bus, closeModal, setOptions, type ModalOpenEvent, type Options, type ToastEvent } from '@wishes/shared';

/** Stands in for the shell's modal stack: renders every open modal from the bus. */
export function ModalHost() {
  const [open, setOpen] = useState<ModalOpenEvent[]>([]);
  useEffect(() => {
    const subscription = bus.modal$.subscribe((event) => {
      if (event.type === 'open') setOpen((current) => [...current, event]);
      else setOpen((current) => (event.id === undefined ? current.slice(0, -1) : current.filter((modal) => modal.id !== event.id)));
    });
    return () => subscription.unsubscribe();
  }, []);
  return (
    <>
      {open.map((modal, level) => (
        <Modal key={modal.id} title={modal.title} level={level} isTop={level === open.length - 1} onClose={() => closeModal(modal.id)}>
          {modal.render(() => closeModal(modal.id))}
        </Modal>
      ))}
    </>
  );
}

function WishPageStub() {
  const { id } = useParams();
  return <p>Wish page {id}</p>;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders a page inside a MemoryRouter at the route pattern(s) the shell mounts it at. */
export function renderAt(url: string, patterns: string[], page: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        {patterns.map((pattern) => (
          <Route key={pattern} path={pattern} element={page} />
        ))}
        <Route path="/wish/:id" element={<WishPageStub />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
      <LocationProbe />
      <ModalHost />
    </MemoryRouter>,
  );
}

/** Collects the toasts sent on the bus (with the clock time they were sent) until stop() is called. */
export function recordToasts() {
  const toasts: Array<ToastEvent & { at: number }> = [];
  const subscription = bus.toast$.subscribe((event) => toasts.push({ ...event, at: Date.now() }));
  return { toasts, stop: () => subscription.unsubscribe() };
}

export const OPTIONS: Options = {
  site_name: 'Wishes',
  greeting_config_params: {
    styles: ['Heartfelt', 'Funny'],
    audiences: ['Friend', 'Colleague'],
    topics: [
      { topic: 'Birthday', topic_details: 'Celebrate another trip around the sun.', image_url: '/static/categories/birthday.webp' },
      { topic: 'New Baby', topic_details: 'Welcome a little one.', image_url: '/static/categories/new-baby.webp' },
    ],
  },
  report_topic_config: ['Spam'],
};

export { setOptions };
