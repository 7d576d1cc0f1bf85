import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { Public } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { GraphQLContext } from '../graphql-context';
import { CampusScope } from '../campuses';
import { primePostListPage } from '../posts';
import { encodeSearchCursor } from './search-cursor';
import type { SearchPage } from './search.service';
import { SearchConnection, SearchEdge, SearchResult, SearchType } from './search.types';

/** One search box (issue 27): a ranked, cursor-paged list, and suggestions while typing. */
@Resolver()
export class SearchResolver {
  @Public()
  @RateLimited('search')
  @Query(() => SearchConnection, {
    description:
      'People, organizations, clips, tags and upcoming events for what a student typed (at most 100 characters; accents, case and small typos in names forgiven), best first; what the viewer may see only',
  })
  async search(
    @Arg('q') q: string,
    @Arg('type', () => SearchType, { defaultValue: SearchType.TOP }) type: SearchType,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('scope', () => CampusScope, {
      nullable: true,
      defaultValue: CampusScope.MINE,
      description:
        "MINE: people, organizations, clips and events of the viewer's campus (everyone's without one); ALL: every campus. Tags are the whole app's",
    })
    scope: CampusScope | null,
    @Ctx() { viewer, services, loaders }: GraphQLContext,
  ): Promise<SearchConnection> {
    const page = primeSearchPage(loaders, await services.search.search(viewer, q, type, first, after, scope ?? CampusScope.MINE));
    const edges: SearchEdge[] = page.hits.map((hit) => ({ cursor: encodeSearchCursor(hit.position), kind: hit.kind, node: hit.node }));
    // TOP's sections come before its clips; its next page continues the clips.
    const last = page.hits.filter((hit) => hit.position.type === type).at(-1);
    return { edges, pageInfo: { hasNextPage: page.hasNextPage, endCursor: last ? encodeSearchCursor(last.position) : null } };
  }

  @Public()
  @RateLimited('search')
  @Query(() => [SearchResult], {
    description: 'What to offer while a student types: the best few people, then tags, then organizations (at most 5 of each)',
  })
  async searchSuggestions(
    @Arg('q') q: string,
    @Arg('first', () => Int, { nullable: true, description: 'Of each kind; at most 5' }) first: number | null,
    @Ctx() { viewer, services, loaders }: GraphQLContext,
  ): Promise<Array<typeof SearchResult>> {
    const page = primeSearchPage(loaders, await services.search.suggestions(viewer, q, first));
    return page.hits.map((hit) => hit.node);
  }
}

/** A page arrives with its people, organizations, posts' authors and the viewer's likes and follows: the fields cost no statement. */
function primeSearchPage(loaders: GraphQLContext['loaders'], page: SearchPage): SearchPage {
  for (const posts of page.postPages) primePostListPage(loaders, posts);
  for (const person of page.people) loaders.user.prime(person.id, person);
  for (const [uid, follows] of page.viewerFollows) loaders.viewerFollows.prime(uid, follows);
  for (const organization of page.organizations) loaders.organization.prime(organization.id, organization);
  return page;
}
