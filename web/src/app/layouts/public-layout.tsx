// Chrome for signed-out screens: public header, the page, footer.
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { titleForPath } from '../route-titles';
import { PublicHeader } from './public-header';
import { Footer } from './footer';

export default function PublicLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  // Only /community is titled here; the other public pages name themselves.
  useDocumentTitle(titleForPath(pathname));
  return (
    <div className="relative flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
