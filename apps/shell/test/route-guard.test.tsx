import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteGuard } from '../src/guard/RouteGuard';
import { useAuthStore } from '../src/session/auth-store';

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}

const visit = (path: string, state: { token: string; isLocked: boolean }) => {
  useAuthStore.setState(state);
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteGuard>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </RouteGuard>
    </MemoryRouter>,
  );
  return screen.getByTestId('where').textContent;
};

afterEach(cleanup);

describe('<RouteGuard> in a router', () => {
  it('sends a visitor without a token to /login', () => {
    expect(visit('/system/param', { token: '', isLocked: false })).toBe('/login');
  });

  it('lets the error pages and /lock through without a token', () => {
    expect(visit('/404', { token: '', isLocked: false })).toBe('/404');
  });

  it('sends / to /wel/index, and /login to the home tab when logged in', () => {
    expect(visit('/', { token: 't', isLocked: false })).toBe('/wel/index');
    cleanup();
    expect(visit('/login', { token: 't', isLocked: false })).toBe('/wel/index');
  });

  it('forces a locked session to /lock', () => {
    expect(visit('/system/param', { token: 't', isLocked: true })).toBe('/lock');
  });
});
