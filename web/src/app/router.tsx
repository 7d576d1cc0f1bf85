// Every route of spec §2 plus the D12 pages, /tags/:tag and /complete-profile (D8).
// Pages load lazily so the login route downloads only what it shows.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAuth } from '../shared/session/auth-context';
import { rememberedUid } from './auth/remembered-uid';
import { LoadingScreen, RequireAuth } from './auth/require-auth';
import { AuthLayout } from './layouts/auth-layout';

const loadApolloBoundary = () => import('./apollo-boundary');
const loadMainLayout = () => import('./layouts/main-layout');
const loadHomePage = () => import('../features/feed/home-page');
const ApolloBoundary = lazy(loadApolloBoundary);
// The public header and footer are not part of the sign-in screens, so they load on demand too.
const PublicLayout = lazy(() => import('./layouts/public-layout'));
const MainLayout = lazy(loadMainLayout);

const LandingPage = lazy(() => import('../features/auth/landing-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const SignupPage = lazy(() => import('../features/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const CompleteProfilePage = lazy(() => import('../features/auth/complete-profile-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const NotFoundPage = lazy(() => import('../features/pages/not-found-page'));
const ProjectsPage = lazy(() => import('../features/pages/projects-page'));
const ResourcesPage = lazy(() => import('../features/pages/resources-page'));
const BlogPage = lazy(() => import('../features/pages/blog-page'));
const AboutPage = lazy(() => import('../features/pages/about-page'));
const ContactPage = lazy(() => import('../features/pages/contact-page'));
const HelpPage = lazy(() => import('../features/help/help-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));

const HomePage = lazy(loadHomePage);
const ExplorePage = lazy(() => import('../features/feed/explore-page'));
const EventsPage = lazy(() => import('../features/feed/events-page'));
const TagPage = lazy(() => import('../features/feed/tag-page'));
const CreatePostPage = lazy(() => import('../features/post/create-post-page'));
const CalendarPage = lazy(() => import('../features/calendar/calendar-page'));
const OwnProfilePage = lazy(() => import('../features/profile/own-profile-page'));
const UserProfilePage = lazy(() => import('../features/profile/user-profile-page'));
const CommunityPage = lazy(() => import('../features/community/community-page'));
const ModerationPage = lazy(() => import('../features/moderation/moderation-page'));
const PostPage = lazy(() => import('../features/feed/post-page'));
const NotificationsPage = lazy(() => import('../features/notifications/notifications-page'));
const SearchPage = lazy(() => import('../features/search/search-page'));
const OrganizationsPage = lazy(() => import('../features/organizations/organizations-page'));
const NewOrganizationPage = lazy(() => import('../features/organizations/new-organization-page'));
const OrganizationPage = lazy(() => import('../features/organizations/organization-page'));
const EditOrganizationPage = lazy(() => import('../features/organizations/edit-organization-page'));

/** The signed-in pages, each behind the guard with Apollo and the sidebar (a table: this file is part of the login screen's JavaScript). */
const SIGNED_IN_PAGES: Array<[path: string, page: ComponentType]> = [
  ['/home', HomePage],
  ['/explore', ExplorePage],
  ['/events', EventsPage],
  ['/tags/:tag', TagPage],
  ['/create-post', CreatePostPage],
  ['/calendar', CalendarPage],
  ['/profile', OwnProfilePage],
  ['/user/:userId', UserProfilePage],
  ['/settings', SettingsPage],
  ['/help', HelpPage],
  ['/moderation', ModerationPage],
  ['/notifications', NotificationsPage],
  ['/search', SearchPage],
  ['/organizations', OrganizationsPage],
  ['/organizations/new', NewOrganizationPage],
  ['/org/:slug', OrganizationPage],
  ['/org/:slug/edit', EditOrganizationPage],
];

/** The public pages, in the public chrome. */
const PUBLIC_PAGES: Array<[path: string, page: ComponentType]> = [
  ['/terms', TermsPage],
  ['/privacy', PrivacyPage],
  ['/projects', ProjectsPage],
  ['/resources', ResourcesPage],
  ['/blog', BlogPage],
  ['/about', AboutPage],
  ['/contact', ContactPage],
];

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/** Signed-in chrome around a page: the guard, Apollo, then the sidebar layout. */
function SignedInShell({ children }: { children?: ReactNode }) {
  return (
    <RequireAuth>
      <Lazy>
        <ApolloBoundary>
          <MainLayout>
            <Lazy>{children}</Lazy>
          </MainLayout>
        </ApolloBoundary>
      </Lazy>
    </RequireAuth>
  );
}

/** '/' is the Home feed for a signed-in user and the landing screen for everyone else. */
function HomeOrLanding() {
  const { currentUser, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (currentUser) {
    return (
      <SignedInShell>
        <HomePage />
      </SignedInShell>
    );
  }
  return publicPage(<LandingPage />);
}

/**
 * A page for everyone: public chrome when signed out, the sidebar when signed in (/community; and
 * /post/:id, D15, with a sign-in prompt for visitors).
 */
function ForEveryone({ page: Page }: { page: ComponentType }) {
  const { currentUser, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  const page = (
    <Lazy>
      <Page />
    </Lazy>
  );
  return (
    <Lazy>
      <ApolloBoundary>{currentUser ? <MainLayout>{page}</MainLayout> : <PublicLayout>{page}</PublicLayout>}</ApolloBoundary>
    </Lazy>
  );
}

function publicPage(page: ReactNode) {
  return (
    <Lazy>
      <PublicLayout>
        <Lazy>{page}</Lazy>
      </PublicLayout>
    </Lazy>
  );
}

function authPage(page: ReactNode) {
  return <AuthLayout>{page}</AuthLayout>;
}

/**
 * Someone signed in on this device last time, opening Home, most likely still is: Home's chunks
 * load alongside the sign-in check instead of after it and the profile sync, three round trips
 * later on a phone (bench/results/phone-latest.md). Wrong, it costs only the download.
 */
function usePreloadHomeForReturningStudent(): void {
  useEffect(() => {
    if (!['/', '/home'].includes(window.location.pathname) || !rememberedUid()) return;
    for (const load of [loadApolloBoundary, loadMainLayout, loadHomePage]) load().catch(() => undefined);
  }, []);
}

export function AppRoutes() {
  const { initializing } = useAuth();
  usePreloadHomeForReturningStudent();
  // Spec §2: while the auth state is loading, the whole app renders nothing.
  if (initializing) return null;

  return (
    <Routes>
      <Route path="/" element={<HomeOrLanding />} />
      <Route path="/login" element={authPage(<LoginPage />)} />
      <Route path="/signup" element={authPage(<SignupPage />)} />
      <Route path="/forgot-password" element={authPage(<ForgotPasswordPage />)} />
      <Route
        path="/complete-profile"
        element={
          <RequireAuth allowIncompleteProfile>
            <Lazy>
              <ApolloBoundary>{authPage(<CompleteProfilePage />)}</ApolloBoundary>
            </Lazy>
          </RequireAuth>
        }
      />

      {SIGNED_IN_PAGES.map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <SignedInShell>
              <Page />
            </SignedInShell>
          }
        />
      ))}
      <Route path="/community" element={<ForEveryone page={CommunityPage} />} />
      <Route path="/post/:id" element={<ForEveryone page={PostPage} />} />

      {PUBLIC_PAGES.map(([path, Page]) => (
        <Route key={path} path={path} element={publicPage(<Page />)} />
      ))}
      <Route path="*" element={publicPage(<NotFoundPage />)} />
    </Routes>
  );
}
