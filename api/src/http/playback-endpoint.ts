import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { parseByteRange } from '../infra/media/byte-range';
import { MEDIA_ACCESS_PARAMETER, type MediaAccess } from '../infra/media/media-access';
import { isSafeMediaPath, MEDIA_URL_PREFIX } from '../infra/media/media-names';
import type { MediaStore } from '../infra/media/media-store';
import type { MediaLogger, UploadRecords } from '../modules/uploads';

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * GET/HEAD /media/<path>: serves only the files media_files lists (renditions, posters, profile
 * photos: never an original), with their content type, HTTP ranges (so a <video> seeks without downloading everything), a strong ETag
 * and a year of caching: a media path never names different bytes.
 *
 * A post's files are served to anyone only while a signed-out visitor may see the post
 * (`postIsPublic`: ready, not hidden for review, author not suspended). Otherwise only with a
 * grant in the URL (infra/media/media-access.ts, given to the author and moderators), and to
 * everyone else the same 404 as a file that is not there, so a hidden file's existence does not show.
 */
export function createPlaybackHandler(deps: {
  store: MediaStore;
  records: UploadRecords;
  access: MediaAccess;
  postIsPublic: (alias: string) => string;
  logger: MediaLogger;
}) {
  return async function playback(req: Request, res: Response): Promise<void> {
    let mediaPath: string;
    try {
      mediaPath = decodeURIComponent(req.path.slice(MEDIA_URL_PREFIX.length));
    } catch {
      mediaPath = '';
    }
    const file = isSafeMediaPath(mediaPath) ? await deps.records.playableFile(mediaPath, deps.postIsPublic) : null;
    const grant = req.query[MEDIA_ACCESS_PARAMETER];
    const granted = !!file && !file.servedToAnyone && deps.access.allows(mediaPath, grant);
    const stat = file && (file.servedToAnyone || granted) ? await deps.store.stat(mediaPath) : null;
    if (!file || !stat) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    // A path never names other bytes (names are random, and carry the rendition or size).
    const etag = `"${createHash('sha1').update(mediaPath).digest('base64url').slice(0, 22)}"`;
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('ETag', etag);
    // A granted file is for the one who holds the grant, and only while it lasts: no shared cache.
    res.setHeader('Cache-Control', granted ? `private, max-age=${deps.access.secondsLeft(grant)}` : IMMUTABLE_CACHE);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Content-Disposition', 'inline');

    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== etag ? null : parseByteRange(req.headers.range, stat.size);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${stat.size}`);
      res.status(416).end();
      return;
    }
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader('Content-Length', String(stat.size));
    }
    if (req.method === 'HEAD' || (range === null && stat.size === 0)) {
      res.end();
      return;
    }
    const body = await deps.store.read(mediaPath, range);
    try {
      await pipeline(body, res);
    } catch (error) {
      // A viewer seeking away closes the connection mid-file; that is normal, not an error.
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        deps.logger.warn({ err: error, mediaPath }, 'media read failed');
      }
      res.destroy();
    }
  };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
