import { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils' with { 'resolution-mode': 'import' };
import { isUploadKind, MEDIA_RULES } from './media-rules';
import { MediaRefusal } from './media-refusal';
import { SNIFF_BYTES, sniffMediaType } from '../../infra/media/sniff-media-type';

/**
 * Makes a tus store check a file's own leading bytes before it stores any of them (D11).
 * The first write of an upload is held back until SNIFF_BYTES have arrived; a file of the wrong
 * type is refused (415) with nothing written, and a connection that drops before then stores
 * nothing, so the client simply resumes from offset 0.
 */
export function checkLeadingBytes(store: DataStore): void {
  const write = store.write.bind(store);
  store.write = async (readable: Readable, id: string, offset: number): Promise<number> => {
    if (offset > 0) return write(readable, id, offset);
    const upload = await store.getUpload(id);
    const kind = upload.metadata?.kind;
    if (!isUploadKind(kind)) throw new MediaRefusal(415, MEDIA_RULES.video.wrongTypeMessage);
    const needed = Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES);

    const source = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const chunks: Buffer[] = [];
    let received = 0;
    while (received < needed) {
      const next = await source.next();
      if (next.done) break;
      chunks.push(next.value);
      received += next.value.length;
    }
    if (received < needed) return 0;
    const head = Buffer.concat(chunks);
    if (!sniffMediaType(head.subarray(0, SNIFF_BYTES), kind)) throw new MediaRefusal(415, MEDIA_RULES[kind].wrongTypeMessage);

    const rest = Readable.from(
      (async function* () {
        yield head;
        for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
      })(),
      { objectMode: false },
    );
    return write(rest, id, 0);
  };
}
