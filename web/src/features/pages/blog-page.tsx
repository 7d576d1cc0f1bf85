import { StaticPage } from './static-page';

export default function BlogPage() {
  return (
    <StaticPage title="Blog" intro="News from the Campus Clips team.">
      <p>We have not published any posts yet. Product news will appear here; until then, the best stories are in the feed.</p>
    </StaticPage>
  );
}
