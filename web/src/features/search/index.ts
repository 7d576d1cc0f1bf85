// The search feature's public API (issue 27): the search box the sidebar and the phone top bar show.
// Its page (/search) is not listed here: app/router.tsx loads it lazily by its own path.
export { SearchBox } from './search-box';
