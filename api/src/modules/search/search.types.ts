import { createUnionType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../../shared/graphql/connection';
import { Organization } from '../organizations';
import { Post } from '../posts';
import { User } from '../users';

/** What a search lists: TOP (a few people, organizations, tags and events, then clips), or one kind. */
export enum SearchType {
  TOP = 'TOP',
  PEOPLE = 'PEOPLE',
  CLIPS = 'CLIPS',
  TAGS = 'TAGS',
  EVENTS = 'EVENTS',
  ORGANIZATIONS = 'ORGANIZATIONS',
}

registerEnumType(SearchType, {
  name: 'SearchType',
  valuesConfig: {
    TOP: { description: 'The best few people, organizations, tags and upcoming events, then clips (the next pages are clips)' },
    PEOPLE: { description: 'Students by name: typos forgiven, exact names first' },
    CLIPS: { description: 'Posts by their tags, caption and event' },
    TAGS: { description: 'Tags that clips anyone may see carry' },
    EVENTS: { description: 'Event posts that have not ended, soonest of the good matches first' },
    ORGANIZATIONS: { description: 'Active organizations by name (typos forgiven, exact names first), then by words of their description' },
  },
});

/** What a result is. */
export type SearchNode = User | Post | Tag | Organization;

/** The kinds a result can be (TOP is a list, never a result's kind). */
export type SearchKind = Exclude<SearchType, SearchType.TOP>;

@ObjectType('Tag', { description: 'A hashtag clips carry' })
export class Tag {
  @Field({ description: 'The tag as written on its newest clip, without "#"; /tags/<name> lists its clips' })
  name!: string;

  @Field(() => Int, { description: 'How many clips anyone may see carry it' })
  postCount!: number;
}

export const SearchResult = createUnionType({
  name: 'SearchResult',
  description: 'One thing a search found: a person, a clip or an event post, a tag or an organization',
  types: () => [User, Post, Tag, Organization] as const,
  resolveType: (value) => {
    if (value instanceof User) return User;
    if (value instanceof Post) return Post;
    if (value instanceof Tag) return Tag;
    if (value instanceof Organization) return Organization;
    return undefined;
  },
});

@ObjectType('SearchEdge')
export class SearchEdge {
  @Field()
  cursor!: string;

  @Field(() => SearchType, { description: 'Which list the result belongs to (in TOP: its section); EVENTS for an event post' })
  kind!: SearchKind;

  @Field(() => SearchResult)
  node!: SearchNode;
}

@ObjectType('SearchConnection')
export class SearchConnection {
  @Field(() => [SearchEdge])
  edges!: SearchEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
