import { In, LessThan, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { MediaFile } from './media-file.entity';
import { Upload, type UploadKind } from './upload.entity';

export interface CompletedFacts {
  mediaPath: string;
  posterPath: string | null;
  /** A video's bytes as received, under originals/ (transcoding reads it; never served). */
  originalPath?: string | null;
  contentType: string;
  size: number;
  duration: number | null;
  width: number | null;
  height: number | null;
}

/** The uploads table: one row per tus upload, from creation to the media file it became. */
export class UploadRecords {
  private readonly repo: Repository<Upload>;
  private readonly files: Repository<MediaFile>;

  constructor(private readonly dataSource: DataSource) {
    this.repo = dataSource.getRepository(Upload);
    this.files = dataSource.getRepository(MediaFile);
  }

  /** Lists files /media may now serve, made from this upload. */
  async addServedFiles(
    uploadId: string,
    files: Array<Pick<MediaFile, 'path' | 'contentType' | 'width' | 'height'>>,
    transaction?: EntityManager,
  ): Promise<void> {
    const repo = transaction ? transaction.getRepository(MediaFile) : this.files;
    if (files.length)
      await repo.upsert(
        files.map((file) => ({ ...file, uploadId })),
        ['path'],
      );
  }

  /** No longer serves these paths (their files are gone). */
  async removeServedFiles(paths: string[], transaction?: EntityManager): Promise<void> {
    const repo = transaction ? transaction.getRepository(MediaFile) : this.files;
    if (paths.length) await repo.delete({ path: In(paths) });
  }

  /** The served file at this path, or null: playback serves nothing else. */
  servedFile(path: string): Promise<MediaFile | null> {
    return this.files.findOneBy({ path });
  }

  /**
   * What playback needs of the served file at this path (null when none): its type, and whether
   * anyone may fetch it, which for a post's file `postIsPublic` decides on the posts row `p`
   * (posts' rule: uploads cannot import posts, the entry that composes playback hands it in).
   * A file of no post (a profile photo) is anyone's.
   */
  async playableFile(
    path: string,
    postIsPublic: (alias: string) => string,
  ): Promise<{ contentType: string; servedToAnyone: boolean } | null> {
    const [row]: Array<{ contentType: string; servedToAnyone: boolean }> = await this.dataSource.query(
      `SELECT m.content_type AS "contentType",
              NOT EXISTS (SELECT 1 FROM posts p WHERE p.upload_id = m.upload_id AND NOT ${postIsPublic('p')}) AS "servedToAnyone"
         FROM media_files m WHERE m.path = $1`,
      [path],
    );
    return row ?? null;
  }

  /** For each of these served paths, the other files listed from the same upload (its sized copies), smallest first. */
  async siblingsOf(
    paths: string[],
    transaction?: EntityManager,
  ): Promise<Array<{ of: string; path: string; contentType: string; width: number | null; height: number | null }>> {
    if (!paths.length) return [];
    return (transaction ?? this.dataSource).query(
      `SELECT m1.path AS "of", m2.path, m2.content_type AS "contentType", m2.width, m2.height
         FROM media_files m1 JOIN media_files m2 ON m2.upload_id = m1.upload_id AND m2.path <> m1.path
        WHERE m1.path = ANY($1) ORDER BY m2.width, m2.content_type DESC`,
      [paths],
    );
  }

  /** Every stored path of these uploads: served files, the original, the names they reserved. */
  async storePathsOf(rows: Upload[]): Promise<string[]> {
    const served = rows.length ? await this.files.findBy({ uploadId: In(rows.map((row) => row.id)) }) : [];
    const own = rows.flatMap((row) => [row.mediaPath, row.posterPath, row.originalPath]);
    return [...new Set([...served.map((file) => file.path), ...own].filter((p): p is string => !!p))];
  }

  async createPending(input: { id: string; ownerUid: string; kind: UploadKind; fileName: string; size: number | null }): Promise<void> {
    await this.repo.insert({
      id: input.id,
      ownerUid: input.ownerUid,
      kind: input.kind,
      fileName: input.fileName,
      size: input.size === null ? null : String(input.size),
      status: 'pending',
    });
  }

  get(id: string): Promise<Upload | null> {
    return this.repo.findOneBy({ id });
  }

  async complete(id: string, facts: CompletedFacts): Promise<void> {
    await this.repo.update(
      { id },
      {
        status: 'complete',
        mediaPath: facts.mediaPath,
        posterPath: facts.posterPath,
        originalPath: facts.originalPath ?? null,
        contentType: facts.contentType,
        size: String(facts.size),
        duration: facts.duration,
        width: facts.width,
        height: facts.height,
        completedAt: new Date(),
      },
    );
  }

  /** A finished upload whose media file or poster is at this path. */
  async findCompleteByPath(mediaPath: string): Promise<Upload | null> {
    return this.repo.findOne({
      where: [
        { mediaPath, status: 'complete' },
        { posterPath: mediaPath, status: 'complete' },
      ],
    });
  }

  /**
   * Claims a media path for this upload before any file is written there. The unique index on
   * media_path makes the claim atomic: two uploads finishing in the same millisecond with the same
   * file name cannot both get it (and so cannot overwrite each other's file). False when taken.
   */
  async reservePath(id: string, mediaPath: string): Promise<boolean> {
    try {
      await this.repo.update({ id }, { mediaPath });
      return true;
    } catch (error) {
      const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (error as { code?: string }).code;
      if (code === '23505') return false;
      throw error;
    }
  }

  /** True when a post already shows this upload (one upload, one post: deleting it deletes the file). */
  async isUsedByPost(uploadId: string, videoUrl: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM posts WHERE upload_id = $1 OR video_url = $2 LIMIT 1', [
      uploadId,
      videoUrl,
    ]);
    return rows.length > 0;
  }

  listByOwner(ownerUid: string): Promise<Upload[]> {
    return this.repo.findBy({ ownerUid });
  }

  listPendingCreatedBefore(cutoff: Date, limit = 500): Promise<Upload[]> {
    return this.repo.find({ where: { status: 'pending', createdAt: LessThan(cutoff) }, take: limit, order: { createdAt: 'ASC' } });
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length) await this.repo.delete({ id: In(ids) });
  }
}
