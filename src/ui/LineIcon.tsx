/**
 * A line icon: one SVG path on a 24-unit grid, drawn in the text colour with round joins (the menu's entries, the
 * dashboard's application shortcuts). Decorative: the label beside it names the thing.
 */
export function LineIcon({ d, size, strokeWidth }: { d: string; size: number; strokeWidth: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
