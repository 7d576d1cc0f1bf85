import { CalendarEvent } from '../modules/calendar/calendar-event.entity';
import { Comment } from '../modules/comments/comment.entity';
import { Follow } from '../modules/follows/follow.entity';
import { Like } from '../modules/likes/like.entity';
import { Post } from '../modules/posts/post.entity';
import { User } from '../modules/users/user.entity';
import { Upload } from '../media/upload.entity';

export const ENTITIES = [User, Follow, Post, Like, Comment, CalendarEvent, Upload];
