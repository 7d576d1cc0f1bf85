import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';

/** Where a track came from: the author's file, or the clip's own subtitle stream (extracted when it was transcoded). */
export enum CaptionSource {
  UPLOAD = 'upload',
  CLIP = 'clip',
}

registerEnumType(CaptionSource, {
  name: 'CaptionSource',
  description: "UPLOAD: a file the author added; CLIP: the clip's own subtitle track, extracted when it was transcoded",
});

@ObjectType('CaptionTrack', {
  description: "A clip's captions in one language: a WebVTT file for <track>, and its cues as text (the transcript)",
})
export class CaptionTrack {
  @Field({ description: "BCP 47 language tag (<track srclang>): 'en', 'pt-BR'" })
  language!: string;

  @Field({ description: 'What the CC menu shows (<track label>)' })
  label!: string;

  @Field({ description: 'The WebVTT file, served as the clip is (with a grant while only its author may see it)' })
  url!: string;

  @Field(() => CaptionSource)
  source!: CaptionSource;

  /** Which post's track this is, for its cues (not a field). */
  postId!: string;
}

@ObjectType('CaptionCue', { description: 'One caption: its time in the clip and its words as plain text' })
export class CaptionCue {
  @Field(() => Float, { description: 'Seconds from the start of the clip' })
  start!: number;

  @Field(() => Float)
  end!: number;

  @Field({ description: 'Plain text (a voice is written "Name: words"); lines separated by line breaks' })
  text!: string;
}
