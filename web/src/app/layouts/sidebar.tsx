// Signed-in navigation (spec §2 "Layout chrome"): links, the user's photo or initial, name and
// e-mail, and Sign out. Signed out it offers Sign in instead.
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Avatar } from '../../shared/components/avatar';
import { useAuth } from '../../shared/session/auth-context';
import { useIsModerator } from '../../features/moderation';
import { NotificationsNavLabel, useUnreadNotificationCount } from '../../features/notifications';

const navLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/create-post', label: 'Create Post' },
  { to: '/explore', label: 'Explore' },
  { to: '/events', label: 'Events' },
  { to: '/organizations', label: 'Organizations' },
  { to: '/notifications', label: 'Notifications', signedInOnly: true, unreadBadge: true },
  { to: '/calendar', label: 'Calendar' },
  { to: '/profile', label: 'Profile', signedInOnly: true },
  { to: '/settings', label: 'Settings' },
  { to: '/help', label: 'Help' },
  { to: '/moderation', label: 'Moderation', moderatorsOnly: true },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-ring ${
    isActive ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-indigo-50 hover:text-indigo-700'
  }`;

/** `search`: the search box, shown at the top on wide screens (phones have it in the top bar). */
export function Sidebar({ onNavigate, search }: { onNavigate?: () => void; search?: ReactNode }) {
  const { currentUser, signOut } = useAuth();
  const navigate = useNavigate();
  const isModerator = useIsModerator();
  const unreadNotifications = useUnreadNotificationCount();

  async function handleSignOut() {
    onNavigate?.();
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link to="/" className="rounded-md px-3 text-xl font-bold text-indigo-700 focus-ring" onClick={onNavigate}>
        Campus Clips
      </Link>
      {search && <div className="hidden md:block">{search}</div>}
      <nav aria-label="Main" className="flex-1">
        <ul className="space-y-1">
          {navLinks
            .filter((link) => (!link.signedInOnly || currentUser) && (!link.moderatorsOnly || isModerator))
            .map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass} onClick={onNavigate}>
                  {link.unreadBadge ? <NotificationsNavLabel count={unreadNotifications} /> : link.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 pt-4">
        {currentUser ? (
          <div className="space-y-3">
            <div className="flex items-center gap-3">
              <Avatar photoURL={currentUser.photoURL} name={currentUser.displayName ?? currentUser.email} size={40} />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{currentUser.displayName || 'Welcome!'}</p>
                <p className="truncate text-xs text-slate-500">{currentUser.email}</p>
              </div>
            </div>
            <button
              type="button"
              onClick={handleSignOut}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-ring"
            >
              Sign out
            </button>
          </div>
        ) : (
          <Link to="/login" className="block rounded-md bg-indigo-600 px-3 py-2 text-center text-sm font-semibold text-white focus-ring">
            Sign in
          </Link>
        )}
      </div>
    </div>
  );
}
