// Terms of Service (spec §2): nine sections, last updated March 12, 2025; how reporting, blocking and moderation work sits in Prohibited Activities (issue 14).
import { config } from '../../shared/lib/config';
import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Campus Clips you agree to these Terms of Service and to our Privacy Policy. If you do not agree,
        please do not use the service. You must be at least 17 years old to sign up.
      </p>
    ),
  },
  {
    heading: 'Use License',
    body: (
      <p>
        We grant you a personal, non-exclusive, non-transferable licence to use Campus Clips to share and watch short videos with your
        campus community. You may not copy, resell or reverse-engineer the service.
      </p>
    ),
  },
  {
    heading: 'Account and Privacy',
    body: (
      <p>
        You are responsible for your account and for keeping your password secret. Give accurate information when you sign up, including
        your date of birth. How we handle your information is described in the Privacy Policy.
      </p>
    ),
  },
  {
    heading: 'User Content',
    body: (
      <p>
        You keep ownership of the videos, captions and comments you post. All posts are public: by posting you allow Campus Clips to store,
        display and stream your content to other users. Only post content you have the right to share.
      </p>
    ),
  },
  {
    heading: 'Prohibited Activities',
    // Reporting, blocking and moderation (issue 14) live here: the spec fixes nine sections, and this is where the rules are enforced.
    body: (
      <>
        <p>
          Do not post content that is illegal, hateful, harassing, sexually explicit or that infringes someone else&apos;s rights. Do not
          impersonate others, spam, scrape the service or try to break its security.
        </p>
        <p>
          You can report a post, a comment or an account that breaks these terms. Moderators review every report, and the author is not told
          who reported it. When three different students report a post, it is hidden until a moderator has looked at it.
        </p>
        <p>
          Moderators may dismiss a report, remove a post or comment, warn its author, or suspend an account for a time or for good. When
          they act on your content or account, you are told what they decided and why.
        </p>
        <p>
          You can block or mute any account. Blocking hides the two of you from each other (posts, comments and profiles) and removes the
          follows between you. Muting is quiet: their posts and comments leave your feeds and they are not told. You can undo either in
          Account Settings.
        </p>
      </>
    ),
  },
  {
    heading: 'Termination',
    body: <p>You can delete your account at any time from Account Settings. We may suspend or close accounts that break these terms.</p>,
  },
  {
    heading: 'Limitation of Liability',
    body: (
      <p>
        Campus Clips is provided &quot;as is&quot;. To the extent the law allows, we are not liable for indirect or consequential losses
        arising from your use of the service or from content posted by other users.
      </p>
    ),
  },
  {
    heading: 'Changes to Terms',
    body: (
      <p>
        We may update these terms. When we do, we change the date at the top of this page; continuing to use Campus Clips after a change
        means you accept the new terms.
      </p>
    ),
  },
  {
    heading: 'Contact Information',
    body: (
      <p>
        Questions about these terms? Email us at{' '}
        <a className="font-medium text-indigo-700 underline focus-ring" href={`mailto:${config.supportEmail}`}>
          {config.supportEmail}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return <LegalDocument title="Terms of Service" sections={sections} />;
}
