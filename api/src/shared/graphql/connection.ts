import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type KeysetPosition, type Page } from '../paging';

@ObjectType()
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/** Declares `<Name>Connection` and `<Name>Edge` for a node type, per the Relay cursor spec. */
export function ConnectionType<T extends object>(node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class EdgeType {
    @Field()
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionClass {
    @Field(() => [EdgeType])
    edges!: EdgeType[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionClass as ClassType<Connection<T>>;
}

/** A service page as a connection; `position` gives each node's keyset position. */
export function toConnection<T>(page: Page<T>, position: (node: T) => KeysetPosition): Connection<T> {
  const edges = page.items.map((node) => ({ node, cursor: encodeCursor(position(node)) }));
  return {
    edges,
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length ? edges[edges.length - 1]!.cursor : null },
  };
}
