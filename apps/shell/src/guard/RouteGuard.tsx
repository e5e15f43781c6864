import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthStore } from '../session/auth-store';
import { decideRoute, normalisePath } from './decide-route';

/** Applies the route guard and the lock (docs/front-end.md#routes) to every navigation. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = useAuthStore((s) => s.token);
  const isLocked = useAuthStore((s) => s.isLocked);
  const normalised = normalisePath(pathname);
  if (normalised) return <Navigate to={normalised + search} replace />;
  const redirect = decideRoute({ path: pathname, hasToken: token !== '', isLocked });
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
