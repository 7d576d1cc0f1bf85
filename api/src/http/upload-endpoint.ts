import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Server as TusServer } from '@tus/server' with { 'resolution-mode': 'import' };
import type { Upload as TusUpload } from '@tus/utils' with { 'resolution-mode': 'import' };
import type { TokenVerifier } from '../infra/identity/token-verifier';
import type { Viewer } from '../shared/viewer';
import { RateLimitedError } from '../shared/errors';
import { setRateLimitHeaders } from '../shared/rate-limit-outcome';
import type { RateLimiter } from '../infra/rate-limit/rate-limiter';
import {
  finishUpload,
  type FinishDeps,
  isUploadKind,
  MEDIA_RULES,
  MediaRefusal,
  type Upload as UploadRow,
  type UploadKind,
  type MediaLogger,
  uploadPolicy,
} from '../modules/uploads';
import { mediaUrlFor } from '../infra/media/media-names';
import { drainOrClose, peekRequestBody } from '../infra/media/leading-bytes-of-request';
import { SNIFF_BYTES, sniffMediaType } from '../infra/media/sniff-media-type';

export const UPLOAD_PATH = '/uploads';
const MEDIA_URL_HEADER = 'X-Media-Url';

/** What our checks learned about a request before tus handles it. */
interface UploadRequestContext {
  viewer: Viewer;
  kind: UploadKind;
  fileName: string;
  uploadId: string | null;
}

export interface UploadEndpointDeps extends FinishDeps {
  verifier: TokenVerifier;
  /** The process's one limiter: starting an upload spends the budget GraphQL and REST spend too. */
  limits: RateLimiter;
  corsOrigins: string[];
  logger: MediaLogger;
}

/** tus hands hooks a web Request wrapping Node's; find our context through the Node request. */
function nodeRequestOf(req: unknown): IncomingMessage | undefined {
  const r = req as { runtime?: { node?: { req?: IncomingMessage } }; node?: { req?: IncomingMessage } };
  return r.runtime?.node?.req ?? r.node?.req;
}

/**
 * The tus endpoint at /uploads: authentication and ownership first, the leading-byte check on
 * the first PATCH, then @tus/server with the size limit of the kind and, on the last byte, the
 * finishing step whose media URL goes back in X-Media-Url.
 */
export async function createUploadEndpoint(deps: UploadEndpointDeps) {
  const { Server } = await import('@tus/server');
  const { Metadata } = await import('@tus/utils');
  const contexts = new WeakMap<IncomingMessage, UploadRequestContext>();
  const contextOf = (req: unknown): UploadRequestContext | undefined => {
    const node = nodeRequestOf(req);
    return node ? contexts.get(node) : undefined;
  };

  const discard = async (uploadId: string) => {
    await deps.store.discardUpload(uploadId).catch((error) => deps.logger.warn({ err: error, uploadId }, 'discarding upload failed'));
    await deps.records.delete([uploadId]);
  };

  /** Uploads this process is finishing right now, so a HEAD meanwhile does not finish them twice. */
  const finishing = new Set<string>();

  /** Every byte is in: check, probe and name the file, and record it. */
  const finishReceived = async (uploadId: string) => {
    const row = await deps.records.get(uploadId);
    if (!row) throw { status_code: 404, body: 'This upload was not found. Please upload the file again.' };
    finishing.add(uploadId);
    try {
      const copy = await deps.store.localCopyOfUpload(uploadId);
      try {
        return await finishUpload(deps, row, copy.file, async (mediaPath, contentType, cleanFile) => {
          if (!cleanFile) return deps.store.promoteUpload(uploadId, mediaPath, contentType);
          // The served bytes are the cleaned copy; the received upload (with its metadata) goes.
          await deps.store.putFile(mediaPath, cleanFile, contentType);
          await deps.store.discardUpload(uploadId);
        });
      } finally {
        await copy.release();
      }
    } finally {
      finishing.delete(uploadId);
    }
  };

  const options: ConstructorParameters<typeof TusServer>[0] = {
    path: UPLOAD_PATH,
    datastore: deps.store.tusStore,
    relativeLocation: true,
    exposedHeaders: [MEDIA_URL_HEADER, 'Upload-Expires'],
    allowedOrigins: deps.corsOrigins.length ? deps.corsOrigins : undefined,
    maxSize: (req) => {
      const context = contextOf(req);
      // Without a context (OPTIONS advertising Tus-Max-Size) the largest kind's limit applies.
      return context ? MEDIA_RULES[context.kind].maxBytes : MEDIA_RULES.video.maxBytes;
    },
    namingFunction: (req) => {
      const id = crypto.randomBytes(16).toString('hex');
      const context = contextOf(req);
      if (context) context.uploadId = id;
      return id;
    },
    onUploadCreate: async (req, upload: TusUpload) => {
      const context = contextOf(req);
      if (!context) throw { status_code: 401, body: 'You must be signed in to upload.' };
      await deps.records.createPending({
        id: upload.id,
        ownerUid: context.viewer.uid,
        kind: context.kind,
        fileName: context.fileName,
        size: upload.size ?? null,
      });
      return { metadata: { ...upload.metadata, kind: context.kind } };
    },
    onUploadFinish: async (_req, upload: TusUpload) => {
      const facts = await finishReceived(upload.id);
      return { headers: { [MEDIA_URL_HEADER]: mediaUrlFor(facts.mediaPath) } };
    },
    onResponseError: async (req, error) => {
      const status = 'status_code' in error ? error.status_code : 500;
      const context = contextOf(req);
      let body =
        'body' in error && typeof error.body === 'string' ? error.body : 'Something went wrong with that upload. Please try again.';
      // tus's own 413 (too many bytes) gets the size message; ours (too long, too large a picture) keep theirs.
      if (status === 413 && context && !(error instanceof MediaRefusal)) body = MEDIA_RULES[context.kind].tooLargeMessage;
      // A refused file leaves nothing behind: neither bytes nor a row.
      if ((status === 413 || status === 415) && context?.uploadId) await discard(context.uploadId);
      if (status >= 500) deps.logger.error({ err: error, uploadId: context?.uploadId }, 'upload failed');
      return { status_code: status, body };
    },
  };
  const tus: TusServer = new Server(options);

  const corsHeaders = (req: Request, res: Response) => {
    const origin = req.headers.origin;
    if (!deps.corsOrigins.length) res.setHeader('Access-Control-Allow-Origin', '*');
    else if (origin && deps.corsOrigins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader(
      'Access-Control-Expose-Headers',
      `Upload-Offset, Upload-Length, Location, Tus-Resumable, ${MEDIA_URL_HEADER}, Retry-After, RateLimit, RateLimit-Policy`,
    );
    res.setHeader('Tus-Resumable', '1.0.0');
  };
  const reply = (req: Request, res: Response, status: number, message: string) => {
    corsHeaders(req, res);
    if (req.method === 'PATCH' || req.method === 'POST') drainOrClose(req, res);
    res.status(status).type('text/plain').send(message);
  };

  async function handle(req: Request, res: Response): Promise<void> {
    if (req.method === 'OPTIONS') return tus.handle(req as IncomingMessage, res as ServerResponse);

    let viewer: Viewer | null;
    try {
      viewer = await deps.verifier.viewerFromHeader(req.headers.authorization);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 401;
      return reply(req, res, status, (error as Error).message);
    }
    if (!viewer) return reply(req, res, 401, 'You must be signed in to upload.');

    const rest = req.path.slice(UPLOAD_PATH.length).replace(/^\/+|\/+$/g, '');
    let context: UploadRequestContext;
    if (req.method === 'POST') {
      if (rest) return reply(req, res, 404, 'Not found');
      let metadata: Record<string, string | null>;
      try {
        metadata = Metadata.parse(req.headers['upload-metadata'] as string | undefined);
      } catch {
        return reply(req, res, 400, 'Upload-Metadata is not valid tus metadata.');
      }
      const kind = metadata.kind;
      if (!isUploadKind(kind)) return reply(req, res, 400, 'Upload-Metadata must name the kind of upload: "video", "image" or "caption".');
      const rules = MEDIA_RULES[kind];
      // The declared type is only a first filter (the bytes decide later), but a file that says it is
      // something else entirely is refused before any byte is sent.
      const declaredType = (metadata.filetype ?? metadata.type ?? '').toLowerCase();
      if (declaredType && !declaredTypeFits(kind, declaredType)) {
        return reply(req, res, 415, rules.wrongTypeMessage);
      }
      const declaredLength = Number(req.headers['upload-length'] ?? 0);
      if (declaredLength > rules.maxBytes) return reply(req, res, 413, rules.tooLargeMessage);
      // Only starting an upload counts; its chunks and resumes do not. The outcome's headers are
      // set now, so they go out with whatever tus answers.
      try {
        const outcome = await deps.limits.consume('upload', { uid: viewer.uid, address: req.ip });
        if (outcome) setRateLimitHeaders(res, outcome);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        setRateLimitHeaders(res, error.state);
        return reply(req, res, 429, error.message);
      }
      context = { viewer, kind, fileName: metadata.filename ?? metadata.name ?? '', uploadId: null };
    } else {
      if (!rest || rest.includes('/')) return reply(req, res, 404, 'Not found');
      let row = await deps.records.get(rest);
      if (!row) return reply(req, res, 404, 'This upload was not found. Please upload the file again.');
      if (!uploadPolicy.can(viewer, 'use', row)) return reply(req, res, 403, uploadPolicy.rules.use.message);
      if (req.method === 'PATCH') {
        const conflict = await offsetConflict(req, row);
        if (conflict) return reply(req, res, 409, conflict);
      }
      if (row.status === 'pending' && req.method === 'HEAD' && (await allBytesReceived(row.id))) {
        // Every byte arrived but finishing failed last time (say the bucket was briefly
        // unreachable): finish now, so the client resuming it gets its media URL.
        try {
          await finishReceived(row.id);
        } catch (error) {
          if (!(error instanceof MediaRefusal)) throw error;
          await discard(row.id);
          return reply(req, res, error.status_code, error.body);
        }
        row = (await deps.records.get(row.id)) ?? row;
      }
      if (row.status === 'complete' && row.mediaPath) {
        if (req.method === 'DELETE') return reply(req, res, 400, 'This upload is finished and can no longer be cancelled.');
        // A client resuming a finished upload learns it is done, and where the file is.
        corsHeaders(req, res);
        res.setHeader('Upload-Offset', String(row.size ?? 0));
        res.setHeader('Upload-Length', String(row.size ?? 0));
        res.setHeader(MEDIA_URL_HEADER, mediaUrlFor(row.mediaPath));
        res.setHeader('Cache-Control', 'no-store');
        res.status(req.method === 'HEAD' ? 200 : 204).end();
        return;
      }
      context = { viewer, kind: row.kind, fileName: row.fileName, uploadId: row.id };
      if (req.method === 'PATCH' && req.headers['upload-offset'] === '0') {
        // Nothing is stored yet (offsetConflict let this through). Check the file's own first bytes
        // before tus stores any (D11), and answer a wrong type at once. The store wrapper checks
        // again for bodies that reach tus another way.
        const refusal = await checkFirstBytes(req, row.kind, Number(row.size ?? 0));
        if (refusal === 'wait') {
          corsHeaders(req, res);
          res.setHeader('Upload-Offset', '0');
          res.status(204).end();
          return;
        }
        if (refusal) {
          await discard(row.id);
          return reply(req, res, 415, refusal);
        }
      }
    }
    contexts.set(req as IncomingMessage, context);
    await tus.handle(req as IncomingMessage, res as ServerResponse);
    // tus removes what it knows of; an S3 upload's incomplete last part and the row are ours to remove.
    if (req.method === 'DELETE' && res.statusCode === 204 && context.uploadId) await discard(context.uploadId);
  }

  /** The store's view of an unfinished upload; null when the store has none. */
  function storedUpload(uploadId: string): Promise<TusUpload | null> {
    return deps.store.tusStore.getUpload(uploadId).catch(() => null);
  }

  async function allBytesReceived(uploadId: string): Promise<boolean> {
    if (finishing.has(uploadId)) return false;
    const stored = await storedUpload(uploadId);
    return !!stored && stored.size !== undefined && stored.offset === stored.size;
  }

  /**
   * A PATCH must start where the upload stands, or get 409 and change nothing. tus checks this too,
   * but what runs before tus (the first-bytes check, the answer for a finished upload) would
   * otherwise act on a stale PATCH: answer 204 with an offset that is not the upload's, or refuse
   * and discard a half-stored upload over bytes that belong at its start. tus checks again under
   * its lock, against concurrent PATCHes. Returns the answer for a conflict, else null.
   */
  async function offsetConflict(req: Request, row: UploadRow): Promise<string | null> {
    const stands = row.status === 'complete' ? Number(row.size ?? 0) : (await storedUpload(row.id))?.offset;
    // An upload its store no longer holds is tus's to answer (404).
    if (stands === undefined) return null;
    if (req.headers['upload-offset'] === String(stands)) return null;
    return `This upload has received ${stands} bytes; resume from Upload-Offset ${stands}.`;
  }

  /** null when the bytes are fine; 'wait' when too few arrived to decide; else the refusal message. */
  async function checkFirstBytes(req: Request, kind: UploadKind, declaredSize: number): Promise<string | null | 'wait'> {
    const needed = declaredSize > 0 ? Math.min(SNIFF_BYTES, declaredSize) : SNIFF_BYTES;
    // Fewer bytes than needed means the body ended early: nothing is stored, the client resends.
    const { head } = await peekRequestBody(req, needed);
    if (head.length < needed) return 'wait';
    return sniffMediaType(head.subarray(0, SNIFF_BYTES), kind) ? null : MEDIA_RULES[kind].wrongTypeMessage;
  }

  return { handle, tus };
}

/** A declared type of the kind's family: video/*, image/*, or for captions text/* or SubRip's application/x-subrip. */
function declaredTypeFits(kind: UploadKind, declaredType: string): boolean {
  if (kind === 'caption') return declaredType.startsWith('text/') || declaredType === 'application/x-subrip';
  return declaredType.startsWith(kind === 'video' ? 'video/' : 'image/');
}
