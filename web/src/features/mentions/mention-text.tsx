import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { splitByMentions, type MentionRange } from './mention-segments';

type MentionTextProps = {
  text: string;
  mentions?: ReadonlyArray<MentionRange> | null;
};

/**
 * A caption's or comment's text with its mentions as links to the profiles. A link reads '@' and the
 * person's name now (mentions are stored by account, so a rename shows the new name); a mention of
 * someone the viewer may not see, or of a deleted account, stays the text that was written.
 */
export function MentionText({ text, mentions }: MentionTextProps) {
  return (
    <>
      {splitByMentions(text, mentions).map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <Link
            key={index}
            to={`/user/${encodeURIComponent(segment.user.id)}`}
            className="font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {segment.user.displayName ? `@${segment.user.displayName}` : segment.text}
          </Link>
        ),
      )}
    </>
  );
}
