// An organization's picture (issue 26), or its initial on a tile: a rounded square, so it does not read as a
// person's round photo beside one.
type OrganizationPictureProps = {
  photoURL?: string | null;
  name: string;
  size?: number;
  className?: string;
  /** Beside the organization's name already: no text of its own for screen readers. */
  decorative?: boolean;
};

export function OrganizationPicture({ photoURL, name, size = 48, className = '', decorative = false }: OrganizationPictureProps) {
  const dimension = { width: size, height: size };
  if (photoURL) {
    return (
      <img
        src={photoURL}
        width={size}
        height={size}
        alt={decorative ? '' : `${name}'s picture`}
        style={dimension}
        className={`shrink-0 rounded-lg object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...dimension, fontSize: Math.max(12, Math.round(size * 0.42)) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-lg bg-teal-700 font-semibold text-white ${className}`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
