import { Link } from 'react-router-dom';
import type { PersonCardFieldsFragment } from '../../graphql/graphql';
import { Avatar } from '../../shared/components/avatar';
import { VerifiedBadge } from '../../shared/components/verified-badge';
import { FollowButton } from '../follows';

/** One person in the directory: photo, name (links to the profile), interests and Follow. */
export function PersonCard({ person, signedIn }: { person: PersonCardFieldsFragment; signedIn: boolean }) {
  const name = person.displayName?.trim() || 'User';
  return (
    <li className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <Avatar photoURL={person.photoURL} name={name} size={48} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          {signedIn ? (
            <Link
              to={`/user/${encodeURIComponent(person.id)}`}
              className="block truncate font-semibold text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {name}
            </Link>
          ) : (
            <p className="truncate font-semibold text-gray-900">{name}</p>
          )}
          {person.verified && <VerifiedBadge />}
        </div>
        <p className="text-xs text-gray-600">
          {Math.max(0, person.followerCount)} {person.followerCount === 1 ? 'follower' : 'followers'}
          {person.campus && (
            <>
              {' · '}
              <abbr title={person.campus.name} className="no-underline">
                {person.campus.shortName}
              </abbr>
            </>
          )}
        </p>
        {person.interests.length > 0 && <p className="truncate text-xs text-gray-500">{person.interests.slice(0, 4).join(' · ')}</p>}
      </div>
      {signedIn ? (
        <FollowButton user={person} />
      ) : (
        <Link
          to="/login"
          className="shrink-0 rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
        >
          Follow<span className="sr-only"> {name} (sign in first)</span>
        </Link>
      )}
    </li>
  );
}
