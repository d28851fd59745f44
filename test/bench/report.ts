import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * One figure of the run: its value, the budget it is held to, and where the budget is relative
 * (a p99 at most twice the raw DynamoDB call's), the reference measured in the same run.
 * `ratio` is the value over the reference, or over the budget where there is none: above 1 (or
 * above `budget` for a relative one) is over budget. Reported, never a failure.
 */
export type BenchRow = {
  section: string;
  figure: string;
  value: number;
  unit: string;
  /** The limit in the figure's unit, or (with `budgetTimesReference`) in multiples of the reference. */
  budget?: number;
  budgetTimesReference?: boolean;
  /** The budget is a least value (a Lighthouse score), not a most. */
  budgetIsMinimum?: boolean;
  reference?: number;
  note?: string;
};

const rows: BenchRow[] = [];

export const record = (row: BenchRow) => rows.push(row);

const ratioOf = (row: BenchRow) =>
  row.reference !== undefined && row.reference > 0
    ? row.value / row.reference
    : row.budget !== undefined && row.budget > 0 && !row.budgetTimesReference
      ? row.value / row.budget
      : undefined;

const overBudget = (row: BenchRow) => {
  if (row.budget === undefined) return false;
  if (row.budgetIsMinimum) return row.value < row.budget;
  if (!row.budgetTimesReference) return row.value > row.budget;
  const ratio = ratioOf(row);
  return ratio !== undefined && ratio > row.budget;
};

const formatted = (value: number, unit: string) =>
  `${Number.isInteger(value) ? value : value < 10 ? value.toFixed(2) : value.toFixed(1)}${unit ? ` ${unit}` : ''}`;

/** Prints every row as one table and writes the same rows as JSON to `file`. */
export function report(file: string, machine: string): void {
  const lines = rows.map((row) => {
    const ratio = ratioOf(row);
    return [
      `${row.section}: ${row.figure}`,
      formatted(row.value, row.unit),
      row.budget === undefined
        ? ''
        : row.budgetTimesReference
          ? `≤ ${row.budget}× reference`
          : `${row.budgetIsMinimum ? '≥' : '≤'} ${formatted(row.budget, row.unit)}`,
      row.reference === undefined ? '' : formatted(row.reference, row.unit),
      `${ratio === undefined ? '' : ratio.toFixed(2)}${overBudget(row) ? ' OVER' : ''}`,
    ];
  });
  const header = ['figure', 'value', 'budget', 'reference', 'ratio'];
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const print = (cells: string[]) =>
    console.log(`  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`);
  console.log(`\nThe figures of this run (${machine}); over budget is reported, never a failure:`);
  print(header);
  for (const line of lines) print(line);
  mkdirSync(dirname(file), { recursive: true });
  const json = rows.map((row) => ({ ...row, ratio: ratioOf(row) ?? null, overBudget: overBudget(row) }));
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, rows: json }, null, 2)}\n`);
  console.log(`\n  Written to ${file}`);
}
