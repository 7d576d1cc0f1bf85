import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Public, RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import { toConnection, type Connection } from '../../shared/graphql/connection';
import { cursorPage } from '../../shared/paging';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { primePostListPage } from './post-list-query';
import { User } from '../users';
import { Post } from './post.entity';
import { PostConnection } from './post-connection';
import { PictureSource, VideoRendition } from './post-media';
import type { PostMediaUrls } from './post.service';
import { CreatePostInput } from './post.inputs';
import { PostViewerCan } from './post-viewer-can';

@Resolver(() => Post)
export class PostResolver {
  @Public()
  @Query(() => Post, { nullable: true })
  async post(@Arg('id', () => ID) id: string, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    return loaders.post.load(id);
  }

  @RequireUser()
  @RateLimited('post')
  @Mutation(() => Post)
  async createPost(@Arg('input') input: CreatePostInput, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<Post> {
    return services.posts.create(viewer, input);
  }

  @RequireUser()
  @RateLimited('delete')
  @Mutation(() => Boolean)
  async deletePost(@Arg('id', () => ID) id: string, @SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    return services.posts.delete(viewer, id);
  }

  @FieldResolver(() => User, { nullable: true })
  async author(@Root() post: Post, @Ctx() { loaders }: GraphQLContext): Promise<User | null> {
    return loaders.user.load(post.authorUid);
  }

  @FieldResolver(() => PostViewerCan, { description: 'What the caller may do to this post (the policies answer; the client asks)' })
  viewerCan(@Root() post: Post): Post {
    return post;
  }

  // The post's files, as the viewer may fetch them (PostService.mediaFor): with a grant for its
  // author while it is hidden for review. A live event executed once for many subscribers
  // answers as for nobody in particular.

  @FieldResolver(() => String, {
    description: 'The largest rendition once READY; until then the upload it was made from, which is not served',
  })
  videoUrl(@Root() post: Post, @Ctx() context: GraphQLContext): string {
    return mediaOf(post, context).videoUrl;
  }

  @FieldResolver(() => String, { nullable: true, description: 'A JPEG frame from near the start of the video (the largest poster)' })
  posterUrl(@Root() post: Post, @Ctx() context: GraphQLContext): string | null {
    return mediaOf(post, context).posterUrl;
  }

  @FieldResolver(() => [VideoRendition], { description: 'Playable MP4s, largest first; empty until READY' })
  renditions(@Root() post: Post, @Ctx() context: GraphQLContext): VideoRendition[] {
    return mediaOf(post, context).renditions;
  }

  @FieldResolver(() => [PictureSource], {
    description: 'The poster in each size and format (WebP and JPEG), largest first; empty until READY',
  })
  posterSources(@Root() post: Post, @Ctx() context: GraphQLContext): PictureSource[] {
    return mediaOf(post, context).posterSources;
  }
}

function mediaOf(post: Post, { services, viewer, sharedAcrossViewers }: GraphQLContext): PostMediaUrls {
  return services.posts.mediaFor(sharedAcrossViewers ? null : viewer, post);
}

/** `User.posts`: a person's posts belong to posts (users/ knows nothing of posts). */
@Resolver(() => User)
export class UserPostsResolver {
  @FieldResolver(() => PostConnection)
  async posts(
    @Root() user: User,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(
      primePostListPage(loaders, await services.posts.byAuthor(user.id, cursorPage(first, after), viewer)),
      (post) => post,
    );
  }
}
