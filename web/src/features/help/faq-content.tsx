// Help Center FAQ (spec §2 "Help Center"): four groups covering every listed topic. Each answer
// carries a plain-text copy so the search can match it.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FaqItem {
  id: string;
  question: string;
  /** The answer as plain text, used for searching. */
  text: string;
  answer: ReactNode;
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

const link = 'font-medium text-indigo-700 underline focus-ring';

export function faqGroups(supportEmail: string): FaqGroup[] {
  return [
    {
      title: 'Account & Profile',
      items: [
        {
          id: 'create-account',
          question: 'How do I create an account?',
          text: 'Choose Sign up and register with your e-mail address and a password, or with your Google account. Use your university e-mail so classmates can recognise you. You must be at least 17 years old.',
          answer: (
            <p>
              Choose{' '}
              <Link className={link} to="/signup">
                Sign up
              </Link>{' '}
              and register with your e-mail address and a password, or with your Google account. Use your university e-mail so classmates
              can recognise you. You must be at least 17 years old.
            </p>
          ),
        },
        {
          id: 'reset-password',
          question: 'How do I reset my password?',
          text: "On the login page, click 'Forget your password?', enter your e-mail address, and follow the instructions in the e-mail we send you.",
          answer: (
            <p>
              On the login page, click &apos;Forget your password?&apos;, enter your e-mail address, and follow the instructions in the
              e-mail we send you. If you are signed in, you can also change it under Change Password in{' '}
              <Link className={link} to="/settings">
                Settings
              </Link>
              .
            </p>
          ),
        },
        {
          id: 'update-profile',
          question: 'How do I update my profile?',
          text: 'Open Settings from the sidebar. You can choose a new profile picture, change your username and bio, pick your interests, then press Update Profile.',
          answer: (
            <p>
              Open{' '}
              <Link className={link} to="/settings">
                Settings
              </Link>{' '}
              from the sidebar. You can choose a new profile picture, change your username and bio, pick your interests, then press Update
              Profile.
            </p>
          ),
        },
        {
          id: 'delete-account',
          question: 'How do I delete my account?',
          text: "Go to Settings and use the 'Delete Account' option at the bottom of the page, in the Danger zone. You confirm by typing, then enter your password again. Your profile, posts, likes, comments, follows and calendar events are deleted.",
          answer: (
            <p>
              Go to{' '}
              <Link className={link} to="/settings">
                Settings
              </Link>{' '}
              and use the &apos;Delete Account&apos; option at the bottom of the page, in the Danger zone. You confirm by typing, then enter
              your password again. Your profile, posts, likes, comments, follows and calendar events are deleted.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Posts & Content',
      items: [
        {
          id: 'create-post',
          question: 'How do I create a post?',
          text: 'Choose Create Post in the sidebar, upload a video (MP4, MOV, AVI, WMV, WebM, MKV or 3GP, up to 100MB and 3 minutes), add a caption and tags separated by commas, then press Create Post.',
          answer: (
            <p>
              Choose{' '}
              <Link className={link} to="/create-post">
                Create Post
              </Link>{' '}
              in the sidebar, upload a video (MP4, MOV, AVI, WMV, WebM, MKV or 3GP, up to 100MB and 3 minutes), add a caption and tags
              separated by commas, then press Create Post.
            </p>
          ),
        },
        {
          id: 'allowed-content',
          question: 'What kind of content can I post?',
          text: 'Campus life: campus events, academic resources, student life and organization announcements. Keep it respectful and follow the Terms of Service.',
          answer: (
            <p>
              Campus life: campus events, academic resources, student life and organization announcements. Keep it respectful and follow the{' '}
              <Link className={link} to="/terms">
                Terms of Service
              </Link>
              .
            </p>
          ),
        },
      ],
    },
    {
      title: 'Features & Usage',
      items: [
        {
          id: 'calendar',
          question: 'How do I use the calendar?',
          text: 'Open Calendar, click a day, type the event name and press Save Event. You can keep one event per day; your saved events are listed below the calendar, each with a Delete button.',
          answer: (
            <p>
              Open{' '}
              <Link className={link} to="/calendar">
                Calendar
              </Link>
              , click a day, type the event name and press Save Event. You can keep one event per day; your saved events are listed below
              the calendar, each with a Delete button.
            </p>
          ),
        },
        {
          id: 'follow-users',
          question: 'How do I follow other users?',
          text: "Open someone's profile (click their name on a post, or find them in Community) and press the 'Follow' button. Their posts then appear in your Home feed.",
          answer: (
            <p>
              Open someone&apos;s profile (click their name on a post, or find them in{' '}
              <Link className={link} to="/community">
                Community
              </Link>
              ) and press the &apos;Follow&apos; button. Their posts then appear in your Home feed.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Privacy & Security',
      items: [
        {
          id: 'who-sees-posts',
          question: 'Who can see my posts?',
          text: 'Everyone. All posts on Campus Clips are public. Your e-mail address and date of birth are only visible to you.',
          answer: <p>Everyone. All posts on Campus Clips are public. Your e-mail address and date of birth are only visible to you.</p>,
        },
        {
          id: 'data-use',
          question: 'How is my data used?',
          text: `We use your information to run your account and show your posts and profile. Read the Privacy Policy for the details, or e-mail ${supportEmail} with questions.`,
          answer: (
            <p>
              We use your information to run your account and show your posts and profile. Read the{' '}
              <Link className={link} to="/privacy">
                Privacy Policy
              </Link>{' '}
              for the details, or e-mail{' '}
              <a className={link} href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>{' '}
              with questions.
            </p>
          ),
        },
        {
          id: 'report',
          question: 'How do I report a post, a comment or an account?',
          text: "Press Report on the post or beside the comment, or on the student's profile. Choose a reason, add details if you like (up to 1,000 characters) and press Send report. The author is not told who reported it. When three different students report a post, it is hidden until a moderator looks at it. You can block the account straight away too.",
          answer: (
            <p>
              Press Report on the post or beside the comment, or on the student&apos;s profile. Choose a reason, add details if you like (up
              to 1,000 characters) and press Send report. The author is not told who reported it. When three different students report a
              post, it is hidden until a moderator looks at it. You can block the account straight away too.
            </p>
          ),
        },
        {
          id: 'block-mute',
          question: 'What happens when I block or mute someone?',
          text: 'Blocking hides you both from each other: neither of you sees the other’s posts, comments or profile, and you stop following each other. Muting is quiet: their posts and comments leave your feeds, and they are not told. You can undo either in Settings.',
          answer: (
            <p>
              Blocking hides you both from each other: neither of you sees the other&apos;s posts, comments or profile, and you stop
              following each other. Muting is quiet: their posts and comments leave your feeds, and they are not told. You can undo either
              in{' '}
              <Link className={link} to="/settings">
                Settings
              </Link>
              .
            </p>
          ),
        },
        {
          id: 'moderation',
          question: 'How does moderation work?',
          text: 'Moderators read every report. They can dismiss it, remove the post or comment, warn its author, or suspend the account for a time or for good. When they act on something of yours, they tell you why in a message on your Home page.',
          answer: (
            <p>
              Moderators read every report. They can dismiss it, remove the post or comment, warn its author, or suspend the account for a
              time or for good. When they act on something of yours, they tell you why in a message on your Home page. See the{' '}
              <Link className={link} to="/terms">
                Terms of Service
              </Link>
              .
            </p>
          ),
        },
      ],
    },
  ];
}
