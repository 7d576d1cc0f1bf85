/** users: profiles, sign-in sync, search, suggestions, follower lists. Its public surface. */
export { User } from './user.entity';
export { UserConnection } from './user-connection';
export { UserResolver } from './user.resolver';
export { accountNotAvailable, UserService, userNotFound } from './user.service';
export { OwnerOnly, userPolicy } from './user.policy';
export { postCountSeenBy } from './post-count';
export { userRestRoutes } from './user.rest';
export { USER_VIEWER_CAN, UserViewerCan, UserViewerCanResolver } from './user-viewer-can';
