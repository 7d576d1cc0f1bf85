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

export interface MediaService {
  /** The caller's own finished video upload named by `url` (its media URL); ValidationError otherwise. */
  claimVideo(ownerUid: string, url: string): Promise<VideoFacts>;
  /** The caller's own finished image upload named by `url`; returns the URL to store. ValidationError otherwise. */
  claimImage(ownerUid: string, url: string): Promise<string>;
  /** Removes the stored files behind these media URLs (and their upload records); unknown URLs are ignored. */
  deleteMedia(urls: string[]): Promise<void>;
  /** Removes every upload and file owned by a user (account deletion). */
  deleteAllOf(ownerUid: string): Promise<void>;
}
