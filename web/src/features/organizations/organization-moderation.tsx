import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { HideOrganizationDocument, SuspendOrganizationDocument, type OrganizationPageFieldsFragment } from '../../graphql/graphql';
import { errorMessage, fieldErrors } from '../../shared/lib/graphql-error';
import { ModerateDialog, type DecisionRequest } from '../moderation';

type Action = 'hide' | 'unhide' | 'suspend' | 'unsuspend';

const ACTIONS: Record<Action, { label: string; busyLabel: string; title: (name: string) => string; done: string }> = {
  hide: {
    label: 'Hide organization',
    busyLabel: 'Hiding...',
    title: (name) => `Hide ${name}?`,
    done: 'Hidden: only moderators see it now.',
  },
  unhide: { label: 'Show again', busyLabel: 'Saving...', title: (name) => `Show ${name} again?`, done: 'Everyone sees it again.' },
  suspend: {
    label: 'Suspend organization',
    busyLabel: 'Suspending...',
    title: (name) => `Suspend ${name}?`,
    done: 'Suspended: no one can join it or post as it.',
  },
  unsuspend: {
    label: 'Lift suspension',
    busyLabel: 'Lifting...',
    title: (name) => `Lift ${name}'s suspension?`,
    done: 'Suspension lifted.',
  },
};

const BUTTON =
  'rounded-md border border-amber-300 bg-white px-3 py-1.5 text-sm font-medium text-amber-950 hover:bg-amber-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/**
 * Moderators (the api's viewerCan.moderate) hide an organization whose name, picture or
 * description broke the rules, or suspend it, with a note its owner is told; and undo either.
 */
export function OrganizationModeration({ organization }: { organization: OrganizationPageFieldsFragment }) {
  const [hide, hiding] = useMutation(HideOrganizationDocument);
  const [suspend, suspending] = useMutation(SuspendOrganizationDocument);
  const [action, setAction] = useState<Action | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const hidden = organization.status === 'HIDDEN';
  const suspended = organization.status === 'SUSPENDED';

  async function decide(chosen: Action, { note }: DecisionRequest) {
    setErrors({});
    setGeneralError(null);
    try {
      const id = organization.id;
      if (chosen === 'hide' || chosen === 'unhide') await hide({ variables: { id, hidden: chosen === 'hide', note } });
      else await suspend({ variables: { id, suspended: chosen === 'suspend', note } });
      setAction(null);
      setDone(ACTIONS[chosen].done);
    } catch (error) {
      console.error('Failed to moderate the organization', error);
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setGeneralError(errorMessage(error, 'Failed to save the decision. Please try again.'));
    }
  }

  const offered: Action[] = [hidden ? 'unhide' : 'hide', suspended ? 'unsuspend' : 'suspend'];
  return (
    <section aria-label="Moderation" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-medium">
        {hidden ? 'Hidden by a moderator: only moderators see it.' : suspended ? 'Suspended by a moderator.' : 'Moderator tools'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {offered.map((chosen) => (
          <button
            key={chosen}
            type="button"
            onClick={() => {
              setDone(null);
              setAction(chosen);
            }}
            className={BUTTON}
          >
            {ACTIONS[chosen].label}
          </button>
        ))}
      </div>
      <div aria-live="polite">{done && <p className="mt-2 text-green-800">{done}</p>}</div>
      {action && (
        <ModerateDialog
          title={ACTIONS[action].title(organization.name)}
          noteLabel="Why? The owner is told."
          confirmLabel={ACTIONS[action].label}
          busyLabel={ACTIONS[action].busyLabel}
          askDays={false}
          busy={hiding.loading || suspending.loading}
          errors={errors}
          generalError={generalError}
          onConfirm={(request) => void decide(action, request)}
          onCancel={() => setAction(null)}
        />
      )}
    </section>
  );
}
