// Test-only helpers: render a screen with Apollo's MockedProvider (using the app's real cache
// policies, so relay-style pagination and optimistic layers behave as in the browser) and a router.
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import {
  CreatePostAbilityDocument,
  ModerationNoticesDocument,
  NotificationSettingsDocument,
  PostAsOrganizationsDocument,
  UnreadNotificationCountDocument,
  UserOrganizationsDocument,
  ViewerAbilitiesDocument,
  ViewerCampusDocument,
} from '../../../graphql/graphql';
import { createCache } from '../apollo';

type Options = { mocks?: ReadonlyArray<MockLink.MockedResponse>; cache?: InMemoryCache; route?: string };

/**
 * Home asks for the viewer's moderation notices on every visit: unless a test says otherwise (its
 * own mocks are matched first), the viewer has none.
 */
const noModerationNotices: MockLink.MockedResponse = {
  request: { query: ModerationNoticesDocument, variables: {} },
  result: { data: { moderationNotices: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** What the api answers `viewerCan` (no object in hand) for someone of this role (moderation's policy). */
export function abilitiesMock(role: 'STUDENT' | 'MODERATOR' | 'ADMIN'): MockLink.MockedResponse {
  const admin = role === 'ADMIN';
  return {
    request: { query: ViewerAbilitiesDocument, variables: {} },
    result: { data: { viewerCan: { __typename: 'ViewerCan', moderate: role !== 'STUDENT', grantRoles: admin, readAuditLog: admin } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** Likewise the sidebar, /moderation and profiles ask what the viewer may do: a student's answer, unless a test says otherwise. */
const studentRole = abilitiesMock('STUDENT');

/** The sidebar and the phone top bar show the unread notifications count: none, unless a test says otherwise. */
const noUnreadNotifications: MockLink.MockedResponse = {
  request: { query: UnreadNotificationCountDocument, variables: {} },
  result: { data: { unreadNotificationCount: 0 } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** Settings shows which notifications the viewer gets: every kind, unless a test says otherwise. */
const allNotificationsOn: MockLink.MockedResponse = {
  request: { query: NotificationSettingsDocument, variables: {} },
  result: {
    data: {
      notificationSettings: {
        __typename: 'NotificationSettings',
        likes: true,
        comments: true,
        mentions: true,
        follows: true,
        moderation: true,
        organizationEvents: true,
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** Campus-first lists ask for the viewer's campus (issue 25): none, unless a test says otherwise. */
export function viewerCampusMock(campus: { id: string; name: string; shortName: string } | null = null): MockLink.MockedResponse {
  return {
    request: { query: ViewerCampusDocument, variables: {} },
    result: {
      data: { viewer: { __typename: 'User', id: testUser.uid, verified: true, campus: campus && { __typename: 'Campus', ...campus } } },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** Whether the viewer may post (issue 25): yes, unless a test says otherwise. */
export function postAbilityMock(post = true): MockLink.MockedResponse {
  return {
    request: { query: CreatePostAbilityDocument, variables: {} },
    result: { data: { viewerCan: { __typename: 'ViewerCan', post } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

type PostAsChoice = { id: string; slug: string; name: string; photoURL?: string | null; postAs?: boolean };

/** The organizations Create Post offers to post as (issue 26): none, unless a test says otherwise. */
export function postAsOrganizationsMock(organizations: PostAsChoice[] = []): MockLink.MockedResponse {
  return {
    request: { query: PostAsOrganizationsDocument, variables: {} },
    result: {
      data: {
        viewer: {
          __typename: 'User',
          id: testUser.uid,
          organizations: {
            __typename: 'OrganizationConnection',
            edges: organizations.map(({ postAs = true, photoURL = null, ...organization }, index) => ({
              __typename: 'OrganizationEdge',
              cursor: `o${index}`,
              node: {
                __typename: 'Organization',
                ...organization,
                photoURL,
                viewerCan: { __typename: 'OrganizationViewerCan', postAs },
              },
            })),
          },
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** The organizations a profile lists (issue 26): none, for anyone, unless a test says otherwise. */
const noUserOrganizations: MockLink.MockedResponse = {
  request: { query: UserOrganizationsDocument, variables: () => true },
  result: (variables: Record<string, unknown>) => ({
    data: {
      user: {
        __typename: 'User',
        id: variables.userId,
        organizations: {
          __typename: 'OrganizationConnection',
          edges: [],
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      },
    },
  }),
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export function renderWithApollo(ui: ReactElement, { mocks = [], cache = createCache(), route = '/' }: Options = {}) {
  const result = render(
    <MockedProvider
      mocks={[
        ...mocks,
        noModerationNotices,
        studentRole,
        noUnreadNotifications,
        allNotificationsOn,
        viewerCampusMock(),
        postAbilityMock(),
        postAsOrganizationsMock(),
        noUserOrganizations,
      ]}
      cache={cache}
    >
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MockedProvider>,
  );
  return { ...result, cache };
}

/** A signed-in user as useAuth() reports it. */
export const testUser = { uid: 'viewer-1', displayName: 'Vera Viewer', photoURL: null, email: 'vera@example.edu', emailVerified: true };

export function authValue(currentUser: typeof testUser | null = testUser) {
  return {
    currentUser,
    loading: false,
    initializing: false,
    profileStatus: 'complete',
    getIdToken: async () => (currentUser ? 'test-token' : null),
    signOut: async () => undefined,
    applySyncedUser: () => undefined,
    refreshCurrentUser: () => undefined,
    reloadEmailVerified: async () => Boolean(currentUser?.emailVerified),
    refusal: null,
    clearRefusal: () => undefined,
  };
}

/**
 * A controllable IntersectionObserver for jsdom (which has none): tests call
 * `intersect(element)` to pretend that element scrolled into view.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.elements.add(element);
  }

  unobserve(element: Element) {
    this.elements.delete(element);
  }

  disconnect() {
    this.elements.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  static install() {
    FakeIntersectionObserver.instances = [];
    (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeIntersectionObserver;
  }

  /** Reports `element` as `ratio` visible to every observer watching it that matches `filter`. */
  static intersect(element: Element, filter: (observer: FakeIntersectionObserver) => boolean = () => true, ratio = 1) {
    for (const observer of FakeIntersectionObserver.instances) {
      if (!observer.elements.has(element) || !filter(observer)) continue;
      const entry = { target: element, isIntersecting: ratio > 0, intersectionRatio: ratio } as unknown as IntersectionObserverEntry;
      act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
    }
  }
}

/** jsdom does not implement media playback; the player only needs these not to throw. */
export function stubMediaPlayback() {
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
}
