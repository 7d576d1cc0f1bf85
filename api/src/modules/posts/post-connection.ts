import { ConnectionType } from '../../shared/graphql/connection';
import { Post } from './post.entity';

export const PostConnection = ConnectionType(Post, 'Post');
