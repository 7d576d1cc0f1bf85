import type { EntityManager } from 'typeorm';
import type { StoredPicture } from './stored-pictures';

/** A caption file the caller uploaded, as caption-tracks takes it into a post. */
export interface CaptionUpload {
  uploadId: string;
  /** Where the file is stored (`captions/…`), as finishing the upload wrote it. */
  path: string;
  /** The WebVTT we wrote from the received file (infra/media/caption-file.ts). */
  text: string;
}

/**
 * What the rest of the api needs from media. The media module (uploads, stores, probing) implements
 * it; posts and profiles depend only on this.
 */
export interface VideoFacts {
  videoUrl: string;
  posterUrl: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  uploadId: string | null;
}

/** A served picture at one size and format (a profile photo's sized copies). */
export interface PictureFile {
  url: string;
  type: string;
  width: number;
  height: number;
}

export interface MediaService {
  /** For each of these media URLs, the sized pictures made from the same upload (not the file itself), smallest first. */
  picturesOf(urls: readonly string[]): Promise<Map<string, PictureFile[]>>;
  /**
   * The same sized pictures of one media URL, as a row keeps them (picturesFromStored turns them
   * into PictureFiles); [] for null or a URL that is not ours. Read within `transaction` when given,
   * so a row's photo and its sizes are written together.
   */
  storedPicturesOf(url: string | null, transaction?: EntityManager): Promise<StoredPicture[]>;
  /** The caller's own finished video upload named by `url` (its media URL); ValidationError otherwise. */
  claimVideo(ownerUid: string, url: string): Promise<VideoFacts>;
  /** The caller's own finished image upload named by `url`; returns the URL to store. ValidationError otherwise. */
  claimImage(ownerUid: string, url: string): Promise<string>;
  /** The caller's own finished caption upload named by `url`; ValidationError (on `field`) otherwise. */
  readCaptionUpload(ownerUid: string, url: string, field: string): Promise<CaptionUpload>;
  /**
   * Within `tx`: the caption upload's file becomes one of the video upload's served files, so it is
   * served as the clip's files are and deleted with them; the caption upload's own record goes.
   * ValidationError (on `field`) when another post took it first.
   */
  attachCaptionUpload(tx: EntityManager, caption: CaptionUpload, videoUploadId: string, field: string): Promise<void>;
  /** Deletes these served files (a caption track replaced or removed) and their listing; unknown URLs are ignored. */
  removeServedFiles(urls: string[]): Promise<void>;
  /** Removes the stored files behind these media URLs (and their upload records); unknown URLs are ignored. */
  deleteMedia(urls: string[]): Promise<void>;
  /** Removes these uploads with every file made from them (original, renditions, posters). */
  deleteUploads(uploadIds: string[]): Promise<void>;
  /** Removes every upload and file owned by a user (account deletion). */
  deleteAllOf(ownerUid: string): Promise<void>;
  /**
   * A media URL with a short-lived grant to fetch it, for a file /media serves to no one else (a
   * hidden post's); give it only to whom a policy lets see that file. Any other URL as it was.
   */
  grantAccess(url: string): string;
}
