import { ConnectionType } from '../../graphql/connection';
import { Post } from './post.entity';

export const PostConnection = ConnectionType(Post, 'Post');
