// The signed-in guard (spec §2): 'Loading...' while auth loads, then either the screen or a
// redirect that replaces the history entry. Users without a date of birth complete it first (D8).
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../shared/session/auth-context';

export const COMPLETE_PROFILE_PATH = '/complete-profile';

interface RequireAuthProps {
  children?: ReactNode;
  /** Where signed-out visitors go; the spec's default is /login. */
  redirectTo?: string;
  /** The complete-profile screen itself must not bounce to itself. */
  allowIncompleteProfile?: boolean;
}

export function RequireAuth({ children, redirectTo = '/login', allowIncompleteProfile = false }: RequireAuthProps) {
  const { currentUser, loading, profileStatus } = useAuth();
  const location = useLocation();

  if (loading) return <LoadingScreen />;
  if (!currentUser) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  if (!allowIncompleteProfile && profileStatus === 'incomplete') {
    return <Navigate to={COMPLETE_PROFILE_PATH} replace state={{ from: location.pathname }} />;
  }
  return <>{children ?? <Outlet />}</>;
}

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center p-8 text-lg text-slate-600">
      Loading...
    </div>
  );
}
