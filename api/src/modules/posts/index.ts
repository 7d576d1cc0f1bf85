/** posts (and their hashtags): one post, creating and deleting, a person's posts, posts by tag. Its public surface. */
export { Post } from './post.entity';
export { PostConnection } from './post-connection';
export { PostResolver, UserPostsResolver } from './post.resolver';
export {
  isUuid,
  postNotFound,
  PostService,
  type CaptionMentionNotifier,
  type CaptionTrackFields,
  type PostCaptionTracks,
  type CreatePostInput,
  type PostRemovalNotifier,
  type VideoPipeline,
} from './post.service';
export {
  emptyPostListPage,
  PostListQuery,
  primePostListPage,
  usePostPageCompanions,
  type PickPostsSql,
  type PostListPage,
  type PostPageCompanion,
} from './post-list-query';
export { PictureSource, PostStatus, VideoRendition, type StoredCaptionTrack } from './post-media';
export {
  HIDDEN_COMMENTERS,
  postMediaPublicSql,
  publicPostStateSql,
  visibilityParameters,
  visibleAuthorSql,
  visibleCommentCountSql,
  visiblePostSql,
  visiblePostStateSql,
} from './post-visibility';
export { postPolicy } from './post.policy';
export { CaptionTrackInput } from './post.inputs';
export { APP_POST_CAN, POST_VIEWER_CAN, PostViewerCan, PostViewerCanResolver } from './post-viewer-can';
export type { PostEventChecker, PostEventColumns, PostEventFields } from './post-event';
export type { PostOrganizationGate } from './post-organization';
export { postRestRoutes } from './post.rest';
