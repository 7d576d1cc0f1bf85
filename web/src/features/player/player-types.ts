import type { MentionFieldsFragment, PostMediaFieldsFragment } from '../../graphql/graphql';

/**
 * A clip as the lists that open the player hold it: a feed's post card, or a profile tile (which
 * lacks the author, the mentions and the viewer's like; the player asks for those itself).
 */
export type PlayerPost = PostMediaFieldsFragment & {
  caption: string;
  tags: string[];
  createdAt: string;
  likeCount: number;
  commentCount: number;
  mentions?: MentionFieldsFragment[];
  viewerHasLiked?: boolean;
  author?: {
    id: string;
    displayName?: string | null;
    /** The verified-student badge beside the name (issue 25). */
    verified?: boolean;
    photoURL?: string | null;
    photoSources?: ReadonlyArray<{ url: string; type: string; width: number; height: number }>;
  } | null;
  /** Posted as an organization (issue 26): named above its author. */
  organization?: { id: string; slug: string; name: string; photoURL?: string | null } | null;
};

export type ClipPlayerProps = {
  /** The list the player pages through, in the list's order (the feed's own Apollo data). */
  posts: readonly PlayerPost[];
  /** How many clips of the list come before `posts[0]` (a feed's window let them go): for the count. */
  before?: number;
  /** The clip to show first (and the one the URL names). */
  currentId: string;
  hasNextPage: boolean;
  /** Loads the list's next page (the feed's own fetchMore); called as the student nears the end. */
  loadMore: () => void;
  /** Called with each clip that becomes current, to keep the URL on it. */
  onShow: (postId: string) => void;
  onClose: () => void;
  /** What the clips are, for the dialog's name: e.g. 'Your Feed'. */
  listName: string;
};
