import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { UploadMediaPaths1763800000000 } from './1763800000000-upload-media-paths';
import { PostUploadLookups1763900000000 } from './1763900000000-post-upload-lookups';
import { HashtagTags1764000000000 } from './1764000000000-hashtag-tags';
import { VideoProcessing1764100000000 } from './1764100000000-video-processing';
import { BlocksAndMutes1764200000000 } from './1764200000000-blocks-and-mutes';
import { Moderation1764300000000 } from './1764300000000-moderation';
import { Notifications1764400000000 } from './1764400000000-notifications';
import { Mentions1764500000000 } from './1764500000000-mentions';
import { CampusEvents1764600000000 } from './1764600000000-campus-events';
import { ReportStanding1764700000000 } from './1764700000000-report-standing';
import { HiddenMediaAndVisibleCounts1764730000000 } from './1764730000000-hidden-media-and-visible-counts';
import { Campuses1764800000000 } from './1764800000000-campuses';
import { CaptionTracks1764828000000 } from './1764828000000-caption-tracks';
import { Search1764850000000 } from './1764850000000-search';
import { Organizations1764900000000 } from './1764900000000-organizations';
import { OrganizationSearch1764950000000 } from './1764950000000-organization-search';
import { DataExportArchives1765000000000 } from './1765000000000-data-export-archives';
import { UserPhotoSources1765100000000 } from './1765100000000-user-photo-sources';
import { ShownPostIndexes1765150000000 } from './1765150000000-shown-post-indexes';

/** Every migration, oldest first. They run on start; the schema is never synchronised from entities. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  UploadMediaPaths1763800000000,
  PostUploadLookups1763900000000,
  HashtagTags1764000000000,
  VideoProcessing1764100000000,
  BlocksAndMutes1764200000000,
  Moderation1764300000000,
  Notifications1764400000000,
  Mentions1764500000000,
  CampusEvents1764600000000,
  ReportStanding1764700000000,
  HiddenMediaAndVisibleCounts1764730000000,
  Campuses1764800000000,
  CaptionTracks1764828000000,
  Search1764850000000,
  Organizations1764900000000,
  OrganizationSearch1764950000000,
  DataExportArchives1765000000000,
  UserPhotoSources1765100000000,
  ShownPostIndexes1765150000000,
];
