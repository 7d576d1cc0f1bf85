import { StaticPage } from './static-page';

export default function AboutPage() {
  return (
    <StaticPage title="About" intro="Campus Clips is a social short-video app for university students.">
      <p>
        Post short videos with a caption and tags, follow other students, like and comment on posts, keep a personal calendar of events and
        find people who share your interests. All posts are public, and the app is for people aged 17 or older.
      </p>
    </StaticPage>
  );
}
