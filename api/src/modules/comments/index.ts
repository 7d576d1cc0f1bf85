/** comments: adding, deleting, a post's comments, and the live commentAdded subscription. Its public surface. */
export { Comment } from './comment.entity';
export { CommentConnection } from './comment-connection';
export { commentTopic, type CommentEventPayload, type CommentEvents } from './comment-events';
export { CommentResolver, PostCommentsResolver } from './comment.resolver';
export { CommentService } from './comment.service';
export { commentPolicy, type CommentSubject } from './comment.policy';
export { commentRestRoutes } from './comment.rest';
export {
  COMMENT_VIEWER_CAN,
  CommentViewerCan,
  CommentViewerCanResolver,
  liveCommentSubject,
  POST_COMMENT_CAN,
  PostCommentCanResolver,
} from './comment-viewer-can';
