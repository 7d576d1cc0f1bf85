import { CaptionTrackRow } from './caption-tracks';
import { CalendarEvent } from './calendar';
import { Comment } from './comments';
import { CalendarFeed } from './events';
import { Follow } from './follows';
import { Like } from './likes';
import { Post } from './posts';
import { User } from './users';
import { MediaFile, Upload } from './uploads';

export const ENTITIES = [User, Follow, Post, Like, Comment, CalendarEvent, Upload, MediaFile, CalendarFeed, CaptionTrackRow];
