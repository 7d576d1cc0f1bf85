import type { Viewer } from '../../shared/viewer';
import type { UserService } from '../users';
import type { StoredMention } from './mention.types';
import { placeMentions } from './place-mentions';

/** An identity provider's uid: 1 to 128 characters, none of them a control character. Anything else names nobody. */
const UID = /^\P{Cc}{1,128}$/u;

/**
 * Mentions: which of the people a new caption or comment names are stored as mentioned, and where.
 * The writer's services (posts, comments) store the result with the text and notify those people
 * in the same transaction.
 */
export class MentionService {
  constructor(private readonly users: UserService) {}

  /**
   * The mentions `viewer` may make in `text` (already cleaned, as it will be stored) of the people
   * `ids` names: not themselves, nobody unknown or deleted, nobody blocked either way (left out
   * silently, so a mention never reveals a block), and only those whose '@' + current display name
   * is in the text (place-mentions.ts). One statement, none when there is nothing to look up.
   */
  async place(viewer: Viewer, ids: readonly string[], text: string): Promise<StoredMention[]> {
    const wanted = ids.filter((id) => id !== viewer.uid && UID.test(id));
    if (!wanted.length || !text.includes('@')) return [];
    const people = await this.users.byIdsVisibleTo(wanted, viewer);
    return placeMentions(text, people);
  }
}
