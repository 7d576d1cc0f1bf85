import { ConnectionType } from '../../graphql/connection';
import { Comment } from './comment.entity';

export const CommentConnection = ConnectionType(Comment, 'Comment');
