import type { ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatDate, formatTimeWithZone } from '@/lib/format';
import { Skeleton } from './skeleton';

/**
 * One column of an admin list, declared once for both layouts: a table cell on wider screens and
 * a part of the item's card on phones.
 */
export type Column<T> = {
  header: string;
  cell: (item: T, index: number) => ReactNode;
  /**
   * Where the cell goes on a card: its title (several stack), the corner beside the title, a
   * labelled fact (the default), or the buttons at its foot. The first title column heads the
   * table's row.
   */
  card?: 'title' | 'corner' | 'fact' | 'actions';
  /** Classes of the table cell: a width, `whitespace-nowrap`. */
  className?: string;
  /** A fact that takes the card's whole width, such as an e-mail address. */
  wide?: boolean;
};

type ListProps<T> = {
  items: T[];
  rowKey: (item: T) => string;
  columns: Column<T>[];
  /** Names the table (its caption) or the list of cards. */
  caption: string;
};

/**
 * An admin list: a table from the 768 px breakpoint up, cards below it. Only one of the two is
 * mounted, so each control, id and dialog of an item exists once.
 */
export function ResponsiveList<T>(props: ListProps<T>) {
  return useIsMobile() ? <Cards {...props} /> : <Table {...props} />;
}

const cellPadding = 'px-3 first:pl-4 last:pr-4';

function Table<T>({ items, rowKey, columns, caption }: ListProps<T>) {
  const rowHeader = columns.find((column) => column.card === 'title');
  return (
    <div className="overflow-x-auto rounded-2xl border border-linen bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-linen bg-sand/50 text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${cellPadding} py-3 font-semibold`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen">
          {items.map((item, index) => (
            <tr key={rowKey(item)}>
              {columns.map((column) => {
                const Cell = column === rowHeader ? 'th' : 'td';
                // Buttons sit a little higher, so that their labels line up with the first line of text.
                const padding = column.card === 'actions' ? 'py-1.5' : 'py-3';
                return (
                  <Cell
                    key={column.header}
                    scope={column === rowHeader ? 'row' : undefined}
                    className={`${cellPadding} ${padding} align-top font-normal ${column.className ?? ''}`}
                  >
                    {column.cell(item, index)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards<T>({ items, rowKey, columns, caption }: ListProps<T>) {
  const placed = (place: NonNullable<Column<T>['card']>) => columns.filter((column) => (column.card ?? 'fact') === place);
  const [titles, corners, facts, actions] = (['title', 'corner', 'fact', 'actions'] as const).map(placed);
  return (
    <ul aria-label={caption} className="flex flex-col gap-3">
      {items.map((item, index) => (
        <li key={rowKey(item)} className="rounded-2xl border border-linen bg-white p-5 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {titles.map((column) => (
                <div key={column.header}>{column.cell(item, index)}</div>
              ))}
            </div>
            {corners.map((column) => (
              <div key={column.header} className="max-w-[55%] shrink-0">
                {column.cell(item, index)}
              </div>
            ))}
          </div>
          {facts.length > 0 && (
            <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              {facts.map((column) => (
                <div key={column.header} className={`min-w-0 ${column.wide ? 'col-span-2' : ''}`}>
                  <dt className="text-muted">{column.header}</dt>
                  <dd className="wrap-anywhere">{column.cell(item, index)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions.map((column) => (
            <div key={column.header} className="mt-4 border-t border-linen pt-4">
              {column.cell(item, index)}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** What the list's shape looks like while it loads: the same table or cards, with placeholder cells. */
export function ResponsiveListSkeleton<T>({ columns, label, rows = 3 }: { columns: Column<T>[]; label: string; rows?: number }) {
  const placeholders: Column<number>[] = columns.map(({ header, card, className, wide }) => ({
    header,
    card,
    className,
    wide,
    cell: () => <Skeleton className={placeholderSize[card ?? 'fact']} />,
  }));
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <div aria-hidden="true">
        <ResponsiveList
          items={Array.from({ length: rows }, (_, i) => i)}
          rowKey={String}
          columns={placeholders}
          caption={label}
        />
      </div>
    </div>
  );
}

const placeholderSize = {
  title: 'h-5 w-40 max-w-full',
  corner: 'h-6 w-16',
  fact: 'h-5 w-24 max-w-full',
  actions: 'h-9 w-32',
} as const;

/** A moment in a list: the date, and beneath it the time with its zone. */
export function DateTimeCell({ iso }: { iso: string }) {
  return (
    <>
      <span className="block whitespace-nowrap">{formatDate(iso)}</span>
      <span className="block whitespace-nowrap text-muted">{formatTimeWithZone(iso)}</span>
    </>
  );
}
