import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The filters' chip groups: one row that scrolls sideways on phones, so the first session shows
 * without scrolling past them (the row runs to the screen's edges, so a chip cut off there says
 * there are more); groups of wrapping rows from 768 px. The chosen chips are scrolled into view,
 * so one chosen by the page's address is seen too.
 */
export function ChipRow({ selected, children }: { selected: string; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = row.current;
    if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
    // A chosen filter, not a group's first chip (All): the category's last, so that when both
    // cannot be in view together, it is the one that is.
    const chosen = [...scroller.querySelectorAll<HTMLElement>('[aria-pressed="true"]:not(:first-child)')];
    for (const chip of chosen.reverse()) {
      // The row is the chips' offset parent: their offsets are from its start, whatever its scroll.
      const start = chip.offsetLeft;
      const end = start + chip.offsetWidth;
      const padding = 16;
      if (start < scroller.scrollLeft + padding) scroller.scrollLeft = start - padding;
      else if (end > scroller.scrollLeft + scroller.clientWidth - padding) {
        scroller.scrollLeft = end - scroller.clientWidth + padding;
      }
    }
  }, [selected]);
  return (
    <div
      ref={row}
      className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] md:mx-0 md:flex-col md:gap-3 md:overflow-visible md:px-0 md:pb-0"
    >
      {children}
    </div>
  );
}

export function ChipGroup({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: string[];
  value: string;
  onChange: (v: string) => void;
}) {
  if (options.length === 0) return null;
  return (
    // On phones the groups sit side by side in the one row, a rule between them.
    <div
      role="group"
      aria-label={label}
      className="flex shrink-0 gap-2 md:flex-wrap [&+&]:border-l [&+&]:border-linen [&+&]:pl-2 md:[&+&]:border-l-0 md:[&+&]:pl-0"
    >
      {options.map((option) => {
        const active = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option)}
            className={`h-9 shrink-0 whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors ${
              active ? 'border-clay bg-clay text-white' : 'border-linen bg-white text-ink hover:border-clay/50'
            }`}
          >
            {option}
          </button>
        );
      })}
    </div>
  );
}
