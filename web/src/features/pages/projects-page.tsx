import { Link } from 'react-router-dom';
import { StaticPage } from './static-page';

export default function ProjectsPage() {
  return (
    <StaticPage title="Projects" intro="Student projects, clubs and organizations share what they are working on through Campus Clips.">
      <p>
        There is no separate project catalogue yet. Projects live in their members&apos; posts: tag your videos (for example #robotics or
        #hackathon) so others can find them, and follow the people behind the projects you like.
      </p>
      <p>
        <Link to="/signup" className="font-semibold text-indigo-700 underline focus-ring">
          Create an account
        </Link>{' '}
        to post your own project, or browse{' '}
        <Link to="/explore" className="font-semibold text-indigo-700 underline focus-ring">
          Explore
        </Link>{' '}
        once you are signed in.
      </p>
    </StaticPage>
  );
}
