// Titles of the screens whose pages do not name themselves, by path, for the layouts that frame them.

export function titleForPath(pathname: string): string | null {
  if (pathname === '/' || pathname === '/home') return 'Your Feed';
  if (pathname.startsWith('/tags/')) return `#${decodeURIComponent(pathname.slice('/tags/'.length))}`;
  if (pathname.startsWith('/user/')) return 'Profile';
  const titles: Record<string, string> = {
    '/explore': 'Explore',
    '/events': 'Events',
    '/create-post': 'Create Post',
    '/calendar': 'Calendar',
    '/profile': 'Your Profile',
    '/settings': 'Account Settings',
    '/help': 'Help Center',
    '/community': 'Community',
    '/moderation': 'Moderation',
    '/notifications': 'Notifications',
    '/organizations': 'Organizations',
  };
  return titles[pathname] ?? null;
}
