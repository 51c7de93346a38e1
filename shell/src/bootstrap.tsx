import { createRoot } from 'react-dom/client';
import { lazy, Suspense } from 'react';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
registerRemotes([{ name: 'mf_feed', entry: '/mf/mf-feed/remoteEntry.js' }]);
const Probe = lazy(() => loadRemote<{ default: React.ComponentType }>('mf_feed/Probe').then((m) => m!));
createRoot(document.getElementById('root')!).render(<Suspense fallback={<p>loading</p>}><Probe /></Suspense>);
