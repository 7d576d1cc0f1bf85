import { ConnectionType } from '../../shared/graphql/connection';
import { User } from './user.entity';

export const UserConnection = ConnectionType(User, 'User');
