import { AppRoutes } from './routes';
import { Layout } from './layout/Layout';
import { ModalHost } from './modals/ModalHost';
import { ToastHost } from './toasts/ToastHost';
import { NavigationBridge } from './navigation/NavigationBridge';
import { FollowReleases } from './remotes/FollowReleases';
import { SuspensionNotice } from './account/SuspensionNotice';

/** Everything inside the router: layout with the routes, plus the bus-driven hosts. */
export function App() {
  return (
    <>
      <NavigationBridge />
      <FollowReleases />
      <Layout>
        <AppRoutes />
      </Layout>
      <ModalHost />
      <ToastHost />
      <SuspensionNotice />
    </>
  );
}
