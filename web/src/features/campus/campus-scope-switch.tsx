import type { CampusScope } from '../../graphql/graphql';
import type { ViewerCampus } from './use-campus-scope';

const CHOICE_CLASS = 'rounded-md px-3 py-1.5 text-sm font-medium focus-ring';
const chosen = (on: boolean) => `${CHOICE_CLASS} ${on ? 'bg-indigo-600 text-white' : 'bg-white text-gray-800 hover:bg-gray-50'}`;

type CampusScopeSwitchProps = {
  /** The viewer's campus; without one there is nothing to switch and nothing is shown. */
  campus: ViewerCampus | null;
  scope: CampusScope;
  onChange: (scope: CampusScope) => void;
  /** What is listed, for the group's label: "posts", "events", "people". */
  listing: string;
};

/** 'Your campus' / 'All campuses' (issue 25): the viewer's campus first, everyone one tap away. */
export function CampusScopeSwitch({ campus, scope, onChange, listing }: CampusScopeSwitchProps) {
  if (!campus) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
      <div role="group" aria-label={`Show ${listing} from`} className="inline-flex gap-1 rounded-lg border border-gray-300 bg-white p-1">
        <button type="button" aria-pressed={scope === 'MINE'} onClick={() => onChange('MINE')} className={chosen(scope === 'MINE')}>
          Your campus
        </button>
        <button type="button" aria-pressed={scope === 'ALL'} onClick={() => onChange('ALL')} className={chosen(scope === 'ALL')}>
          All campuses
        </button>
      </div>
      <p className="text-sm text-gray-600">
        {scope === 'MINE' ? `Showing ${listing} from ${campus.name}.` : `Showing ${listing} from every campus.`}
      </p>
    </div>
  );
}
