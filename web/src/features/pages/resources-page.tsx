import { Link } from 'react-router-dom';
import { StaticPage } from './static-page';

export default function ResourcesPage() {
  return (
    <StaticPage title="Resources" intro="Guides for getting the most out of Campus Clips.">
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <Link to="/help" className="font-semibold text-indigo-700 underline focus-ring">
            Help Center
          </Link>
          : answers about accounts, posting, the calendar and privacy (sign in to read it).
        </li>
        <li>
          <Link to="/terms" className="font-semibold text-indigo-700 underline focus-ring">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="font-semibold text-indigo-700 underline focus-ring">
            Privacy Policy
          </Link>
          : what you agree to and how we handle your data.
        </li>
        <li>
          Videos up to 3 minutes and 100 MB in MP4, MOV, AVI, WMV, WebM, MKV or 3GP, at most 4K; profile photos up to 5 MB in JPEG, PNG, GIF
          or WebP.
        </li>
      </ul>
    </StaticPage>
  );
}
