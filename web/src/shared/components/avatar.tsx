import { pickSource, type SizedSource } from '../lib/pick-rendition';

type AvatarProps = {
  photoURL?: string | null;
  /** The photo's sized copies (WebP and JPEG): the smallest that is sharp at this size is loaded. */
  photoSources?: ReadonlyArray<SizedSource & { type: string }> | null;
  name?: string | null;
  /** Diameter in pixels. */
  size?: number;
  className?: string;
};

/** The user's photo, else the first letter of their name, else '?' (spec §2 post card). */
export function Avatar({ photoURL, photoSources, name, size = 40, className = '' }: AvatarProps) {
  const dimension = { width: size, height: size };
  if (photoURL) {
    const screen = {
      displayWidth: size,
      devicePixelRatio: typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1,
      saveData: false,
    };
    const sized = pickSource(
      (photoSources ?? []).filter((source) => source.type === 'image/webp'),
      screen,
    );
    return (
      <img
        src={sized?.url ?? photoURL}
        width={size}
        height={size}
        alt={name ? `${name}'s photo` : 'User photo'}
        style={dimension}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  }
  const initial = name?.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      style={{ ...dimension, fontSize: Math.max(12, Math.round(size * 0.42)) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white ${className}`}
    >
      {initial}
    </span>
  );
}

export default Avatar;
