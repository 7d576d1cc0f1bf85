/** follows: following and unfollowing a person, and whether the viewer follows them. Its public surface. */
export { Follow } from './follow.entity';
export { FollowResolver } from './follow.resolver';
export { FollowService } from './follow.service';
export { followPolicy } from './follow.policy';
export { followRestRoutes } from './follow.rest';
export { FOLLOW_VIEWER_CAN, FollowViewerCanResolver } from './follow-viewer-can';
