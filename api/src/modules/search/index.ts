/** search: one search for people, clips, tags, events and organizations. Its public surface. */
export { SearchResolver } from './search.resolver';
export { SearchService } from './search.service';
export { SearchType, Tag } from './search.types';
