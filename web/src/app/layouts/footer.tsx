// Footer with exactly the spec's links (§2 "Layout chrome"); copyright 2025.
import { Link } from 'react-router-dom';

const footerLinks = [
  { to: '/blog', label: 'Blog' },
  { to: '/help', label: 'Help' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];

const externalLinks = [
  { href: 'https://github.com/', label: 'GitHub' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
          {footerLinks.map((link) => (
            <Link key={link.to} to={link.to} className="rounded hover:text-indigo-700 focus-ring">
              {link.label}
            </Link>
          ))}
          {externalLinks.map((link) => (
            <a
              key={link.href}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded hover:text-indigo-700 focus-ring"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <p>&copy; 2025 Campus Clips. All rights reserved.</p>
      </div>
    </footer>
  );
}
