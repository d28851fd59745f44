/** A 24-pixel line icon drawn from one SVG path; decorative, so its button carries the name. */
export function Icon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
}
