// The campus feature's public API (issue 25): campus-first discovery's switch and the address that
// keeps its choice.
export { CampusScopeSwitch } from './campus-scope-switch';
export { scopeFromSearch, scopeVariables, useCampusScope, useViewerCampus, withScope, type ViewerCampus } from './use-campus-scope';
