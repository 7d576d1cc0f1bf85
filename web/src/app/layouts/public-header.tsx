// Header for signed-out screens: exactly the spec's links (§2 "Layout chrome").
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';

const headerLinks = [
  { to: '/projects', label: 'Projects' },
  { to: '/explore', label: 'Explore' },
  { to: '/resources', label: 'Resources' },
  { to: '/community', label: 'Community' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus-ring ${isActive ? 'text-indigo-700' : 'text-slate-700 hover:text-indigo-700'}`;

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="rounded-md text-lg font-bold text-indigo-700 focus-ring">
          Campus Clips
        </Link>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 focus-ring md:hidden"
          aria-expanded={menuOpen}
          aria-controls="public-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav
          id="public-nav"
          aria-label="Main"
          className={`${menuOpen ? 'flex' : 'hidden'} absolute left-0 right-0 top-14 z-40 flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-md md:static md:flex md:flex-row md:items-center md:border-0 md:p-0 md:shadow-none`}
        >
          {headerLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass} onClick={() => setMenuOpen(false)}>
              {link.label}
            </NavLink>
          ))}
          <Link
            to="/login"
            className="rounded-md px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-ring"
            onClick={() => setMenuOpen(false)}
          >
            Sign in
          </Link>
          <Link
            to="/signup"
            className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-ring"
            onClick={() => setMenuOpen(false)}
          >
            Sign up
          </Link>
        </nav>
      </div>
    </header>
  );
}
