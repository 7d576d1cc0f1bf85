// Privacy Policy (spec §2): ten sections, last updated March 12, 2025.
import { Link } from 'react-router-dom';
import { config } from '../../shared/lib/config';
import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'Introduction',
    body: (
      <p>
        This policy explains what information Campus Clips collects, how we use it and the choices you have. It applies to the Campus Clips
        website and its services.
      </p>
    ),
  },
  {
    heading: 'Information We Collect',
    body: (
      <>
        <p>We collect the information you give us and information about how you use the service:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>your name;</li>
          <li>your e-mail address;</li>
          <li>your date of birth;</li>
          <li>profile information such as your photo, bio and interests;</li>
          <li>content you post: videos, captions, tags and comments;</li>
          <li>usage data such as the posts you like and the people you follow.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'How We Use Your Information',
    body: (
      <p>
        We use your information to run your account, show your posts and profile, build your feed from the people you follow, suggest people
        who share your interests, keep the service secure and answer support requests.
      </p>
    ),
  },
  {
    heading: 'Cookies and Local Storage',
    body: <p>We use your browser&apos;s storage to keep you signed in. We do not use advertising cookies.</p>,
  },
  {
    heading: 'Third-Party Services',
    body: (
      <p>
        Sign-in is provided by Firebase Authentication (Google). If you sign in with Google, Google shares your name, e-mail address and
        photo with us. We do not sell your information to anyone.
      </p>
    ),
  },
  {
    heading: 'Data Security',
    body: (
      <p>
        Every request that acts for you is checked against your sign-in token. Your e-mail address and date of birth are visible only to
        you. No system is perfectly secure, but we work to protect your information.
      </p>
    ),
  },
  {
    heading: 'Your Data Rights',
    body: (
      <p>
        You can view and edit your profile at any time in Account Settings, and delete your account there, which removes your profile,
        posts, likes, comments, follows and calendar events.
      </p>
    ),
  },
  {
    heading: "Children's Privacy",
    body: <p>Campus Clips is not intended for children under 17, and we do not knowingly collect their information.</p>,
  },
  {
    heading: 'Changes to This Policy',
    body: (
      <p>
        If we change this policy we update the date at the top of this page. Please read it again from time to time; see also our{' '}
        <Link className="font-medium text-indigo-700 underline focus-ring" to="/terms">
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
  {
    heading: 'Contact Us',
    body: (
      <p>
        Questions about your privacy? Email{' '}
        <a className="font-medium text-indigo-700 underline focus-ring" href={`mailto:${config.supportEmail}`}>
          {config.supportEmail}
        </a>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" sections={sections} />;
}
