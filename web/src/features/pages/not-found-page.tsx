// Not-found screen (spec §2): a large 404, 'Page not found', Back to Home and Go Back.
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-8xl font-extrabold text-indigo-600 md:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has been moved.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className="rounded-md bg-indigo-600 px-6 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-ring">
          Back to Home
        </Link>
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="rounded-md border border-slate-300 bg-white px-6 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 focus-ring"
        >
          Go Back
        </button>
      </div>
    </section>
  );
}
