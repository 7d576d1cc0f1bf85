import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Public, RequireUser } from '../../graphql/access';
import { toConnection, type Connection } from '../../graphql/connection';
import type { GraphQLContext } from '../../graphql/context';
import { cursorPage } from '../../shared/page-request';
import { Comment } from '../comments/comment.entity';
import { CommentConnection } from '../comments/comment-connection';
import { User } from '../users/user.entity';
import { Post } from './post.entity';
import { PostConnection } from './post-connection';
import { CreatePostInput } from './post.inputs';

@Resolver(() => Post)
export class PostResolver {
  @Public()
  @Query(() => Post, { nullable: true })
  async post(@Arg('id', () => ID) id: string, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    return loaders.post.load(id);
  }

  @RequireUser()
  @Query(() => PostConnection, { description: 'Posts of the people the viewer follows, newest first' })
  async homeFeed(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { viewer, services }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(await services.feeds.home(viewer, cursorPage(first, after)), (post) => post);
  }

  @Public()
  @Query(() => PostConnection, { description: "Posts of people the viewer does not follow (not the viewer's own), newest first" })
  async explore(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { viewer, services }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(await services.feeds.explore(viewer, cursorPage(first, after)), (post) => post);
  }

  @Public()
  @Query(() => PostConnection)
  async postsByTag(
    @Arg('tag') tag: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Connection<Post>> {
    return toConnection(await services.posts.byTag(tag, cursorPage(first, after)), (post) => post);
  }

  @RequireUser()
  @Mutation(() => Post)
  async createPost(@Arg('input') input: CreatePostInput, @Ctx() { viewer, services }: GraphQLContext): Promise<Post> {
    return services.posts.create(viewer, input);
  }

  @RequireUser()
  @Mutation(() => Boolean)
  async deletePost(@Arg('id', () => ID) id: string, @Ctx() { viewer, services }: GraphQLContext): Promise<boolean> {
    return services.posts.delete(viewer, id);
  }

  @RequireUser()
  @Mutation(() => Post, { description: 'The post with its fresh like count' })
  async likePost(@Arg('postId', () => ID) postId: string, @Ctx() { viewer, services }: GraphQLContext): Promise<Post> {
    return services.likes.like(viewer, postId);
  }

  @RequireUser()
  @Mutation(() => Post)
  async unlikePost(@Arg('postId', () => ID) postId: string, @Ctx() { viewer, services }: GraphQLContext): Promise<Post> {
    return services.likes.unlike(viewer, postId);
  }

  @FieldResolver(() => User, { nullable: true })
  async author(@Root() post: Post, @Ctx() { loaders }: GraphQLContext): Promise<User | null> {
    return loaders.user.load(post.authorUid);
  }

  @FieldResolver(() => Boolean)
  async viewerHasLiked(@Root() post: Post, @Ctx() { loaders }: GraphQLContext): Promise<boolean> {
    return loaders.viewerHasLiked.load(post.id);
  }

  @FieldResolver(() => CommentConnection, { description: 'Oldest first' })
  async comments(
    @Root() post: Post,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Connection<Comment>> {
    return toConnection(await services.comments.forPost(post.id, cursorPage(first, after)), (comment) => comment);
  }
}
