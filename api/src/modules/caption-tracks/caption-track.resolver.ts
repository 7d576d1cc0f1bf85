import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { CaptionTrackInput, Post } from '../posts';
import { CaptionCue, CaptionTrack } from './caption-track.types';

/** `Post.captionTracks`: a caption track belongs to its post (posts know nothing of captions). */
@Resolver(() => Post)
export class PostCaptionTracksResolver {
  @FieldResolver(() => [CaptionTrack], { description: "The clip's captions, one track per language, in the order they were added" })
  captionTracks(@Root() post: Post, @Ctx() { services, viewer, sharedAcrossViewers }: GraphQLContext): CaptionTrack[] {
    return services.captionTracks.tracksOf(sharedAcrossViewers ? null : viewer, post);
  }
}

@Resolver(() => CaptionTrack)
export class CaptionTrackResolver {
  @FieldResolver(() => [CaptionCue], { description: 'The captions as text, in time order: the transcript' })
  cues(@Root() track: CaptionTrack, @Ctx() { loaders }: GraphQLContext): Promise<CaptionCue[]> {
    return loaders.captionCues.load(`${track.postId} ${track.language}`);
  }

  @RequireUser()
  @RateLimited('captions')
  @Mutation(() => Post, { description: "Adds captions to the caller's own clip (replacing those in the same language)" })
  async addCaptionTrack(
    @Arg('postId', () => ID) postId: string,
    @Arg('track') track: CaptionTrackInput,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Post> {
    return services.captionTracks.add(viewer, postId, track);
  }

  @RequireUser()
  @RateLimited('captions')
  @Mutation(() => Post, { description: "Removes the captions in one language from the caller's own clip" })
  async removeCaptionTrack(
    @Arg('postId', () => ID) postId: string,
    @Arg('language') language: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Post> {
    return services.captionTracks.remove(viewer, postId, language);
  }
}
