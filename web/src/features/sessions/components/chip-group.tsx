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
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option)}
            className={`h-9 rounded-full border px-4 text-sm font-medium transition-colors ${
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
