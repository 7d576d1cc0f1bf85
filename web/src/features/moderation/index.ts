// The moderation feature's public API (issue 14): the Report button other features put on posts,
// comments and profiles, the notices Home shows, whether the viewer moderates (the sidebar), and
// an admin's Make moderator on a profile.
// Its page is not listed here: app/router.tsx loads it lazily by its own path.
export { ReportButton } from './report-button';
export { ModerationNotices } from './moderation-notices';
export { useIsModerator } from './use-my-role';
export { ModeratorToggle } from './admin-tools';
