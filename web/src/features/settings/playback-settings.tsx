import { Switch } from '../../shared/components/switch';
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
      <Switch
        label="Play clips automatically"
        hint={
          reducedMotion
            ? 'Your device asks to reduce motion, so clips wait for you to play them whatever this says.'
            : 'The clip most in view starts by itself, without sound. Off: clips wait for you to press play.'
        }
        checked={autoplay}
        onToggle={() => setAutoplay(!autoplay)}
      />
      <Switch
        label="Show captions"
        hint="Captions show on every clip that has them. The CC button on a clip switches this too."
        checked={captionsOn}
        onToggle={() => setCaptionsOn(!captionsOn)}
      />
    </div>
  );
}
