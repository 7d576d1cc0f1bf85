// The rows a search shows: a person (Follow), an organization (its page), a clip (opens in the
// full-screen player), a tag (its page) and an event (its panel: when, where, Add to my calendar).
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { ORGANIZATION_CATEGORY_LABELS, type OrganizationCategory as CategoryKey } from '@campus-clips/rules';
import type { PostCardFieldsFragment, SearchOrganizationFieldsFragment, SearchPersonFieldsFragment } from '../../graphql/graphql';
import { Avatar } from '../../shared/components/avatar';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { relativeTime } from '../../shared/lib/relative-time';
import { PostEventPanel } from '../events';
import { FollowButton } from '../follows';

const plural = (count: number, one: string, many: string) => `${Math.max(0, count)} ${count === 1 ? one : many}`;

export function PersonResult({ person, itemRef }: { person: SearchPersonFieldsFragment; itemRef?: Ref<HTMLLIElement> }) {
  const name = person.displayName?.trim() || 'User';
  return (
    <li ref={itemRef} className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <Avatar photoURL={person.photoURL} name={name} size={44} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/user/${encodeURIComponent(person.id)}`}
          className="block truncate font-semibold text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {name}
        </Link>
        <p className="text-xs text-gray-600">{plural(person.followerCount, 'follower', 'followers')}</p>
        {person.interests.length > 0 && <p className="truncate text-xs text-gray-500">{person.interests.slice(0, 4).join(' · ')}</p>}
      </div>
      <FollowButton user={person} />
    </li>
  );
}

/** An organization: picture, name (its page, /org/<slug>), category and members. */
export function OrganizationResult({
  organization,
  itemRef,
}: {
  organization: SearchOrganizationFieldsFragment;
  itemRef?: Ref<HTMLLIElement>;
}) {
  return (
    <li ref={itemRef} className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <OrganizationPicture photoURL={organization.photoURL} name={organization.name} size={44} decorative />
      <div className="min-w-0 flex-1">
        <Link
          to={`/org/${encodeURIComponent(organization.slug)}`}
          className="block truncate font-semibold text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {organization.name}
        </Link>
        <p className="text-xs text-gray-600">
          {ORGANIZATION_CATEGORY_LABELS[organization.category.toLowerCase() as CategoryKey]} ·{' '}
          {plural(organization.memberCount, 'member', 'members')}
        </p>
      </div>
    </li>
  );
}

export function TagResult({ tag, itemRef }: { tag: { name: string; postCount: number }; itemRef?: Ref<HTMLLIElement> }) {
  return (
    <li ref={itemRef}>
      <Link
        to={`/tags/${encodeURIComponent(tag.name)}`}
        className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white px-4 py-3 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <span className="truncate font-semibold text-gray-900">#{tag.name}</span>
        <span className="shrink-0 text-sm text-gray-600">{plural(tag.postCount, 'clip', 'clips')}</span>
      </Link>
    </li>
  );
}

/** A clip's poster, which opens it in the player; its caption, author and age under it. */
export function ClipResult({ post, onOpen, itemRef }: { post: PostCardFieldsFragment; onOpen: () => void; itemRef?: Ref<HTMLLIElement> }) {
  const author = post.author?.displayName?.trim() || 'User';
  const ready = post.status === 'READY';
  return (
    <li ref={itemRef} className="overflow-hidden rounded-lg border border-gray-200 bg-white">
      {ready ? (
        <button
          type="button"
          data-clip-open={post.id}
          onClick={onOpen}
          aria-label={`Open clip by ${author} full screen${post.caption ? `: ${post.caption}` : ''}`}
          className="relative block aspect-[9/16] max-h-72 w-full bg-black focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
        >
          {post.posterUrl && <img src={post.posterUrl} alt="" loading="lazy" className="h-full w-full object-cover" />}
          <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
            <span className="rounded-full bg-black/60 p-3 text-white">
              <svg viewBox="0 0 24 24" className="h-6 w-6 fill-current">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          </span>
        </button>
      ) : (
        <p className="flex aspect-[9/16] max-h-72 w-full items-center justify-center bg-gray-100 px-3 text-center text-sm text-gray-600">
          Still processing
        </p>
      )}
      <div className="space-y-1 p-3">
        {post.caption && <p className="line-clamp-2 break-words text-sm text-gray-900">{post.caption}</p>}
        <p className="text-xs text-gray-600">
          <Link to={`/user/${encodeURIComponent(post.author?.id ?? '')}`} className="font-medium hover:underline">
            {author}
          </Link>{' '}
          · {relativeTime(post.createdAt)} · {plural(post.likeCount, 'like', 'likes')}
        </p>
      </div>
    </li>
  );
}

/** An event post: its panel, and its clip to open. */
export function EventResult({ post, onOpen, itemRef }: { post: PostCardFieldsFragment; onOpen: () => void; itemRef?: Ref<HTMLLIElement> }) {
  const author = post.author?.displayName?.trim() || 'User';
  return (
    <li ref={itemRef} className="space-y-2 rounded-lg border border-gray-200 bg-white p-3">
      <PostEventPanel post={post} />
      <div className="flex items-center gap-2 text-sm text-gray-700">
        <span className="truncate">By {author}</span>
        {post.status === 'READY' && (
          <button
            type="button"
            data-clip-open={post.id}
            onClick={onOpen}
            aria-label={`Watch the clip of ${post.event?.name ?? 'this event'}`}
            className="ml-auto shrink-0 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Watch clip
          </button>
        )}
      </div>
    </li>
  );
}
