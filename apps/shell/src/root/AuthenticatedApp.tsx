import { Route, Routes } from 'react-router-dom';
// The host provides the UI kit singleton (and its 'crud' wording) before any remote asks for it.
import '@tongxin/shared-ui';
import { MainLayout } from '../layout/MainLayout';
import { LockPage } from '../lock/LockPage';
import { ErrorPage } from '../pages/ErrorPage';
import { AppProviders } from '../theme/AppProviders';

/** Everything after login (antd): lock, error pages and the layout with its tabs. */
export default function AuthenticatedApp() {
  return (
    <AppProviders>
      <Routes>
        <Route path="/lock" element={<LockPage />} />
        <Route path="/404" element={<ErrorPage status="404" />} />
        <Route path="/403" element={<ErrorPage status="403" />} />
        <Route path="/500" element={<ErrorPage status="500" />} />
        <Route path="*" element={<MainLayout />} />
      </Routes>
    </AppProviders>
  );
}
