/** search: one search for people, clips, tags and events (organizations join once they exist). Its public surface. */
export { SearchResolver } from './search.resolver';
export { SearchService } from './search.service';
export { SearchType, Tag } from './search.types';
