import { CaptionTrackRow } from './caption-tracks';
import { CalendarEvent } from './calendar';
import { Campus, CampusDomain } from './campuses';
import { Comment } from './comments';
import { CalendarFeed } from './events';
import { Follow } from './follows';
import { Like } from './likes';
import { Organization, OrganizationMembership } from './organizations';
import { Post } from './posts';
import { User } from './users';
import { MediaFile, Upload } from './uploads';

export const ENTITIES = [
  User,
  Follow,
  Post,
  Like,
  Comment,
  CalendarEvent,
  Upload,
  MediaFile,
  CalendarFeed,
  Campus,
  CampusDomain,
  Organization,
  OrganizationMembership,
  CaptionTrackRow,
];
