import type { Request } from 'express';
import { NotFoundError } from '../shared/errors';
import type { Post, PostService } from '../modules/posts';
import type { UserService } from '../modules/users';
import { requestOrigin } from './public-base';

/** What a post page's link preview needs from the services. */
export interface PostPreviewServices {
  posts: Pick<PostService, 'getVisible'>;
  users: Pick<UserService, 'get'>;
}

const SITE_NAME = 'Campus Clips';

/**
 * The link-preview tags (Open Graph and Twitter card) of GET /post/:id, put into the SPA's
 * index.html so a link pasted into a chat app shows the clip. Only for a post a signed-out visitor
 * may see (the posts service decides: post-visibility.ts); any other id gets the plain page.
 */
export function postPreview(services: PostPreviewServices, publicUrl: string | null) {
  return async function render(template: string, req: Request, postId: string): Promise<string> {
    const post = await visibleToEveryone(services, postId);
    if (!post) return template;
    const author = await services.users.get(post.authorUid).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    const base = publicUrl ?? requestOrigin(req);
    return withPreviewTags(template, previewTags(post, author?.displayName ?? null, base));
  };
}

async function visibleToEveryone(services: PostPreviewServices, postId: string): Promise<Post | null> {
  try {
    return await services.posts.getVisible(null, postId);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export interface PreviewTags {
  title: string;
  description: string;
  /** [attribute, key, value]: `property` for Open Graph, `name` for Twitter and the description. */
  meta: Array<['property' | 'name', string, string]>;
}

/** The tags for one post, every URL absolute against `base` (the public address, no trailing slash). */
export function previewTags(post: Post, authorName: string | null, base: string): PreviewTags {
  const title = `${authorName?.trim() || 'A student'} on ${SITE_NAME}`;
  const description = post.caption.trim() || `A clip on ${SITE_NAME}`;
  const url = `${base}/post/${encodeURIComponent(post.id)}`;
  const image = post.posterUrl ? absolute(post.posterUrl, base) : null;
  const video = smallest(post.renditions);
  const meta: PreviewTags['meta'] = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'video.other'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
  ];
  if (image) meta.push(['property', 'og:image', image]);
  if (video) {
    const videoUrl = absolute(video.url, base);
    meta.push(['property', 'og:video', videoUrl]);
    if (videoUrl.startsWith('https:')) meta.push(['property', 'og:video:secure_url', videoUrl]);
    meta.push(['property', 'og:video:type', 'video/mp4']);
    if (video.width > 0 && video.height > 0) {
      meta.push(['property', 'og:video:width', String(video.width)], ['property', 'og:video:height', String(video.height)]);
    }
  }
  // A 'player' card needs an HTTPS page made to be framed (and Twitter's approval): the large image links to the page instead.
  meta.push(
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  );
  if (image) meta.push(['name', 'twitter:image', image]);
  return { title, description, meta };
}

/** index.html with the post's title, its description instead of the generic one, and the preview tags before </head>. */
export function withPreviewTags(template: string, tags: PreviewTags): string {
  const lines = tags.meta.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  return template
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(tags.title)}</title>`)
    .replace(/<\/head>/i, () => `${lines.join('\n')}\n</head>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function absolute(url: string, base: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The smallest rendition (fewest pixels): the quickest for a chat app to fetch and play inline. */
function smallest(renditions: Post['renditions']): Post['renditions'][number] | null {
  const playable = renditions.filter((rendition) => rendition.url);
  if (!playable.length) return null;
  return playable.reduce((best, rendition) => (rendition.width * rendition.height < best.width * best.height ? rendition : best));
}
