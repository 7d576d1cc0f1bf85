import crypto from 'node:crypto';
import { finishUpload, type FinishDeps } from './finish-upload';
import { mediaUrlFor } from '../../infra/media/media-names';
import type { UploadKind } from './upload.entity';

export interface ImportedMedia {
  url: string;
  posterUrl: string | null;
  uploadId: string;
}

/**
 * Stores a file from local disk exactly as if its owner had uploaded it (same checks, names,
 * poster and row), for demo data. Throws MediaRefusal for a file an upload would refuse.
 */
export async function importMediaFile(
  deps: FinishDeps,
  input: { ownerUid: string; kind: UploadKind; file: string; fileName: string },
): Promise<ImportedMedia> {
  const id = crypto.randomBytes(16).toString('hex');
  await deps.records.createPending({ id, ownerUid: input.ownerUid, kind: input.kind, fileName: input.fileName, size: null });
  const row = await deps.records.get(id);
  try {
    const facts = await finishUpload(deps, row!, input.file, (mediaPath, contentType, cleanFile) =>
      deps.store.putFile(mediaPath, cleanFile ?? input.file, contentType),
    );
    return { url: mediaUrlFor(facts.mediaPath), posterUrl: facts.posterPath ? mediaUrlFor(facts.posterPath) : null, uploadId: id };
  } catch (error) {
    await deps.records.delete([id]);
    throw error;
  }
}
