import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RouteGuard } from '../guard/RouteGuard';
import { Toasts } from '../notify/Toasts';
import { BootScreen } from './BootScreen';
import { NavigationBridge } from './NavigationBridge';

/** Everything behind /login: antd, layout, tabs, remotes. Loaded only when needed. */
const AuthenticatedApp = lazy(() => import('./AuthenticatedApp'));
/** Its own small chunk, so deep links into the app do not download the login page. */
const LoginPage = lazy(() => import('../login/LoginPage'));

/** The shell's one router. /login is antd-free so it stays small. */
export function Root() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <Toasts />
      <RouteGuard>
        <Routes>
          <Route
            path="/login"
            element={
              <Suspense fallback={<BootScreen />}>
                <LoginPage />
              </Suspense>
            }
          />
          <Route
            path="*"
            element={
              <Suspense fallback={<BootScreen />}>
                <AuthenticatedApp />
              </Suspense>
            }
          />
        </Routes>
      </RouteGuard>
    </BrowserRouter>
  );
}
