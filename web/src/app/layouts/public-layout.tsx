// Chrome for signed-out screens: public header, the page, footer.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PublicHeader } from './public-header';
import { Footer } from './footer';

export default function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="relative flex min-h-screen flex-col">
      <a href="#main" className="skip-link">Skip to content</a>
      <PublicHeader />
      <main id="main" className="flex-1">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
