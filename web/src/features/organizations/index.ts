// The organizations feature's public API (issue 26): the organizations a student belongs to, for
// their profile. Its pages (/organizations, /organizations/new, /org/:slug, /org/:slug/edit) are
// not listed here: app/router.tsx loads them lazily by their own paths.
export { UserOrganizations } from './user-organizations';
