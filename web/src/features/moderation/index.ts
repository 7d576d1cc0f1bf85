// The moderation feature's public API (issue 14): the Report button other features put on posts,
// comments, profiles and organizations, the notices Home shows, whether the viewer moderates (the
// sidebar), an admin's Make moderator on a profile, and the note dialog a moderator's decision on
// an organization asks with (issue 26).
// Its page is not listed here: app/router.tsx loads it lazily by its own path.
export { ReportButton } from './report-button';
export { ModerationNotices } from './moderation-notices';
export { useIsModerator } from './use-my-role';
export { ModeratorToggle } from './admin-tools';
export { ModerateDialog, type DecisionRequest } from './moderate-dialog';
