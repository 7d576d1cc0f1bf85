import { ValidationError } from '../../shared/errors';
import { isUuid } from '../posts';
import type { SearchType } from './search.types';

/**
 * A position in a ranked list: the result's score and id (ties on score broken by id), and the
 * instant the first page was ranked at. Freshness is measured from that instant on every page, so
 * a result's score does not drift while the student scrolls: no result is skipped or shown twice.
 */
export interface SearchPosition {
  /** The list the cursor belongs to: a cursor of one tab is no position in another. */
  type: SearchType;
  rankedAt: Date;
  score: number;
  /** A post's id, a user's uid or a tag's key. */
  id: string;
}

const VERSION = 's1';

export function encodeSearchCursor(position: SearchPosition): string {
  const text = [VERSION, position.type, position.rankedAt.toISOString(), String(position.score), position.id].join('|');
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The position, or null for a first page; a cursor of another list, or not one at all, is refused. */
export function decodeSearchCursor(cursor: string | null | undefined, type: SearchType, idIsUuid: boolean): SearchPosition | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [version, cursorType, rankedAtText, scoreText] = parts;
  // The id comes last: a uid or a tag key is never expected to hold '|', but would survive it.
  const id = parts.slice(4).join('|');
  const rankedAt = new Date(rankedAtText ?? '');
  const score = Number(scoreText);
  if (
    parts.length < 5 ||
    version !== VERSION ||
    cursorType !== type ||
    Number.isNaN(rankedAt.getTime()) ||
    scoreText === '' ||
    !Number.isFinite(score) ||
    !id ||
    id.length > 200 ||
    (idIsUuid && !isUuid(id))
  ) {
    throw new ValidationError({ after: 'This page link is not valid. Please search again.' });
  }
  return { type, rankedAt, score, id };
}
