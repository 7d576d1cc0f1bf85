/**
 * uploads: upload records, finishing an upload into a named media file, the MediaService posts
 * and profiles claim files through, and the rules a file must meet. Its public surface; the tus
 * and playback endpoints that drive it live in http/.
 */
export { checkLeadingBytes } from './check-leading-bytes';
export { finishUpload, type FinishDeps } from './finish-upload';
export { importMediaFile, type ImportedMedia } from './import-media-file';
export { DECODE_LIMITS, isUploadKind, MEDIA_RULES } from './media-rules';
export { silentLogger, type MediaLogger } from './media-logger';
export { MediaRefusal } from './media-refusal';
export type { CaptionUpload, MediaService, PictureFile, VideoFacts } from './media-service';
export { CAPTION_CONTENT_TYPE } from './finish-upload';
export { picturesFromStored, type StoredPicture } from './stored-pictures';
export { UploadRecords } from './upload-records';
export { Upload, type UploadKind } from './upload.entity';
export { MediaFile } from './media-file.entity';
export { UploadMediaService } from './upload.service';
export { uploadPolicy } from './upload.policy';
