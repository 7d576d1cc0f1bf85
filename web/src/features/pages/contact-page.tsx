import { config } from '../../shared/lib/config';
import { StaticPage } from './static-page';

export default function ContactPage() {
  return (
    <StaticPage title="Contact" intro="We are happy to hear from you.">
      <p>
        Email{' '}
        <a href={`mailto:${config.supportEmail}`} className="font-semibold text-indigo-700 underline focus-ring">
          {config.supportEmail}
        </a>
        . Support hours are Monday to Friday, 9am to 5pm EST, and we typically respond within 72 hours.
      </p>
    </StaticPage>
  );
}
