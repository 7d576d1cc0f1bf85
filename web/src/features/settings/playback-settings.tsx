import { useId } from 'react';
import { useAutoplaySetting, useCaptionsOn, usePrefersReducedMotion } from '../../shared/hooks/playback-preferences';

/**
 * How clips play for this student (issue 28), kept in this browser: autoplay (also off whenever
 * the system asks to reduce motion) and captions on clips that have them (the CC buttons switch
 * the same choice).
 */
export function PlaybackSettings() {
  const [autoplay, setAutoplay] = useAutoplaySetting();
  const [captionsOn, setCaptionsOn] = useCaptionsOn();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <div className="divide-y divide-slate-200">
      <PreferenceSwitch
        label="Play clips automatically"
        hint={
          reducedMotion
            ? 'Your device asks to reduce motion, so clips wait for you to play them whatever this says.'
            : 'The clip most in view starts by itself, without sound. Off: clips wait for you to press play.'
        }
        checked={autoplay}
        onToggle={() => setAutoplay(!autoplay)}
      />
      <PreferenceSwitch
        label="Show captions"
        hint="Captions show on every clip that has them. The CC button on a clip switches this too."
        checked={captionsOn}
        onToggle={() => setCaptionsOn(!captionsOn)}
      />
    </div>
  );
}

function PreferenceSwitch({ label, hint, checked, onToggle }: { label: string; hint: string; checked: boolean; onToggle: () => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-slate-900">
          {label}
        </p>
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={onToggle}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full focus-ring motion-safe:transition-colors ${
          checked ? 'bg-indigo-600' : 'bg-slate-300'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow motion-safe:transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
