import type { DataSource } from 'typeorm';

/**
 * Every stored counter that disagrees with the rows it counts, or is negative, anywhere in the
 * database: a write that was half done would show up here.
 */
export async function counterMismatches(db: DataSource): Promise<unknown[]> {
  const posts = await db.query(`
    SELECT p.id, p.like_count, p.comment_count,
           (SELECT count(*)::int FROM likes l WHERE l.post_id = p.id) AS likes,
           (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id) AS comments
      FROM posts p`);
  const users = await db.query(`
    SELECT u.firebase_uid, u.follower_count, u.following_count, u.post_count, u.public_post_count,
           (SELECT count(*)::int FROM follows f WHERE f.followee_uid = u.firebase_uid) AS followers,
           (SELECT count(*)::int FROM follows f WHERE f.follower_uid = u.firebase_uid) AS following,
           (SELECT count(*)::int FROM posts p WHERE p.author_uid = u.firebase_uid) AS posts,
           (SELECT count(*)::int FROM posts p WHERE p.author_uid = u.firebase_uid AND p.status = 'ready' AND NOT p.hidden_for_review) AS public_posts
      FROM users u`);
  return [
    ...posts.filter(
      (row: any) => row.like_count !== row.likes || row.comment_count !== row.comments || row.like_count < 0 || row.comment_count < 0,
    ),
    ...users.filter(
      (row: any) =>
        row.follower_count !== row.followers ||
        row.following_count !== row.following ||
        row.post_count !== row.posts ||
        row.public_post_count !== row.public_posts ||
        row.follower_count < 0 ||
        row.following_count < 0 ||
        row.post_count < 0,
    ),
  ];
}
