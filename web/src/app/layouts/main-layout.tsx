// Signed-in chrome: a 64-unit sidebar on wide screens, a top bar with a menu on phones.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { NotificationsShortcut, useLiveNotificationCount, useUnreadNotificationCount } from '../../features/notifications';
import { SearchBox } from '../../features/search';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { titleForPath } from '../route-titles';
import { Sidebar } from './sidebar';

// The e-mail verification banner (and Firebase's resend/reload calls it makes) arrives after the
// first paint: most students are verified, and the banner shows nothing for them.
const VerifyEmailBanner = lazy(() => import('../../features/verification').then((module) => ({ default: module.VerifyEmailBanner })));

export default function MainLayout({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useDocumentTitle(titleForPath(pathname));
  // One subscription per tab keeps the unread count live for the sidebar and the phone top bar.
  useLiveNotificationCount();
  const unreadNotifications = useUnreadNotificationCount();
  // On /search the boxes hold what was searched (a new search starts them afresh).
  const [params] = useSearchParams();
  const searched = pathname === '/search' ? (params.get('q') ?? '') : '';
  const client = useApolloClient();
  // Once the e-mail is verified, what the api lets the viewer do changed (viewerCan, the Create Post form).
  const refetchAfterVerifying = useCallback(() => void client.refetchQueries({ include: 'active' }).catch(() => undefined), [client]);

  // Escape closes the phone menu, as it would any overlay.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <Link to="/" className="shrink-0 rounded-md text-lg font-bold text-indigo-700 focus-ring">
          Campus Clips
        </Link>
        <SearchBox key={`phone:${searched}`} initialText={searched} className="mx-3 min-w-0 flex-1" />
        <div className="flex shrink-0 items-center gap-2">
          <NotificationsShortcut count={unreadNotifications} />
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium focus-ring"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        </div>
      </div>
      {menuOpen && <div className="fixed inset-0 z-30 bg-black/50 md:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <aside
        id="sidebar"
        aria-label="Sidebar"
        className={`${menuOpen ? 'fixed inset-y-0 left-0 z-40 block' : 'hidden'} w-64 shrink-0 border-r border-slate-200 bg-white md:sticky md:top-0 md:block md:h-screen`}
      >
        <Sidebar onNavigate={() => setMenuOpen(false)} search={<SearchBox key={`sidebar:${searched}`} initialText={searched} />} />
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <Suspense fallback={null}>
          <VerifyEmailBanner onVerified={refetchAfterVerifying} />
        </Suspense>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
