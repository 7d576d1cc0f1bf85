// The signed-out '/' screen (spec §2 "Landing screen").
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/document-title';

export default function LandingPage() {
  useDocumentTitle('');
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center md:py-28">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">Welcome to Campus Clips</h1>
      <p className="text-lg text-slate-600 md:text-xl">Connect with your campus community</p>
      <p className="max-w-xl text-slate-600">
        Discover events, join organizations, share short videos of campus life and follow the people who make your university.
      </p>
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        <Link to="/login" className="rounded-md bg-indigo-600 px-8 py-3 text-lg font-semibold text-white hover:bg-indigo-700 focus-ring">
          Sign in
        </Link>
        <Link to="/signup" className="rounded-md px-4 py-3 text-lg font-semibold text-indigo-700 hover:underline focus-ring">
          Create an account
        </Link>
      </div>
    </section>
  );
}
