import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { keysetDesc } from '../../db/keyset';
import { toPage, type Page } from '../../shared/cursor';
import type { PageRequest } from '../../shared/page-request';
import { requireViewer } from '../../shared/policies';
import { Post } from './post.entity';

/**
 * The two feeds. Home: posts of the people the viewer follows. Explore: posts of everyone else
 * (not the viewer's own). Both newest first, one SQL statement per page, keyset-paginated on
 * (created_at, id) through the posts_recent / posts_author_recent indexes.
 */
export class FeedService {
  private readonly posts: Repository<Post>;

  constructor(db: DataSource) {
    this.posts = db.getRepository(Post);
  }

  async home(viewerOrNull: Viewer | null, page: PageRequest): Promise<Page<Post>> {
    const viewer = requireViewer(viewerOrNull);
    const builder = this.posts
      .createQueryBuilder('p')
      .where('p.author_uid IN (SELECT f.followee_uid FROM follows f WHERE f.follower_uid = :uid)', { uid: viewer.uid });
    keysetDesc(builder, 'p', page);
    return toPage(await builder.getMany(), page.size);
  }

  async explore(viewer: Viewer | null, page: PageRequest): Promise<Page<Post>> {
    const builder = this.posts.createQueryBuilder('p');
    if (viewer) {
      builder
        .where('p.author_uid <> :uid', { uid: viewer.uid })
        .andWhere('NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_uid = :uid AND f.followee_uid = p.author_uid)');
    }
    keysetDesc(builder, 'p', page);
    return toPage(await builder.getMany(), page.size);
  }
}
