import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
export { PictureSource } from '../../shared/graphql/picture-source';

/** Where a post's video stands: being transcoded, playable, or impossible to transcode. */
export enum PostStatus {
  PROCESSING = 'processing',
  READY = 'ready',
  FAILED = 'failed',
}

registerEnumType(PostStatus, {
  name: 'PostStatus',
  description: 'Others see a post only when it is READY; its author also sees it PROCESSING (with progress) or FAILED.',
});

@ObjectType({ description: 'One transcoded MP4 (H.264 + AAC, index first) of a post’s video' })
export class VideoRendition {
  @Field()
  url!: string;

  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field(() => Int, { description: 'The bit rate the video was capped at, in kbit/s' })
  maxKbps!: number;
}

/** A caption track as the posts row lists it (`posts.caption_tracks`, kept by a trigger on caption_tracks). */
export interface StoredCaptionTrack {
  /** BCP 47, canonical ('en', 'pt-BR'). */
  language: string;
  label: string;
  /** `/media/captions/….vtt` */
  url: string;
  /** 'upload': the author's file; 'clip': the clip's own subtitle stream. */
  source: 'upload' | 'clip';
}
