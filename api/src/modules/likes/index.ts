/** likes: liking and unliking a post, and whether the viewer likes it. Its public surface. */
export { Like } from './like.entity';
export { LikeResolver } from './like.resolver';
export { LikeService } from './like.service';
export { likeRestRoutes } from './like.rest';
