import { ConnectionType } from '../../shared/graphql/connection';
import { Comment } from './comment.entity';

export const CommentConnection = ConnectionType(Comment, 'Comment');
