// A quiet frame for sign-in, sign-up and the other account steps: brand only, no navigation.
import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../auth/require-auth';

export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="px-4 py-4 md:px-8">
        <Link to="/" className="rounded-md text-lg font-bold text-indigo-700 focus-ring">
          Campus Clips
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-10 md:items-center">
        <Suspense fallback={<LoadingScreen />}>{children ?? <Outlet />}</Suspense>
      </main>
    </div>
  );
}
