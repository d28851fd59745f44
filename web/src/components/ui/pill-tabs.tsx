import type { ReactNode } from 'react';

/** A row of pill buttons that switch what a page shows (wrapping on a phone, so none is cut off); the chosen one is current. */
export function PillTabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: { id: T; label: string; count?: ReactNode }[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  return (
    <nav aria-label={label} className="py-1">
      <ul className="flex flex-wrap gap-1.5">
        {tabs.map((tab) => {
          const current = tab.id === selected;
          return (
            <li key={tab.id}>
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                onClick={() => onSelect(tab.id)}
                className={`flex items-center gap-2 whitespace-nowrap rounded-full px-3.5 py-2 text-sm font-medium ${
                  current ? 'bg-ink text-cream' : 'text-ink hover:bg-sand'
                }`}
              >
                {tab.label}
                {/* Read as 'Attendees 8', not 'Attendees8'; the gap lays them out. */}{' '}
                {tab.count !== undefined && (
                  <span className={`rounded-full px-2 text-xs ${current ? 'bg-cream/20' : 'bg-sand'}`}>{tab.count}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
