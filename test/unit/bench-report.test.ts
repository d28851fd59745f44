import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { record, report } from '../bench/report';

const folder = mkdtempSync(join(tmpdir(), 'bench-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the benchmark's table", () => {
  it('marks what is over its budget, absolute, least or relative to the reference, and writes the rows as JSON', () => {
    record({
      section: 'api',
      figure: 'p99 within twice the raw call',
      value: 30,
      unit: 'ms',
      reference: 20,
      budget: 2,
      budgetTimesReference: true,
    });
    record({
      section: 'api',
      figure: 'p99 over twice the raw call',
      value: 50,
      unit: 'ms',
      reference: 20,
      budget: 2,
      budgetTimesReference: true,
    });
    record({ section: 'api', figure: 'round trips', value: 3, unit: '', budget: 2 });
    record({ section: 'site', figure: 'Lighthouse performance', value: 96, unit: '', budget: 100, budgetIsMinimum: true });
    record({ section: 'rush', figure: 'oversold', value: 0, unit: 'seats', budget: 0 });
    record({ section: 'cost', figure: 'a month', value: 1.5, unit: 'USD' });
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
    const file = join(folder, 'results.json');
    report(file, '2 cores');
    log.mockRestore();

    const { rows } = JSON.parse(readFileSync(file, 'utf8')) as {
      rows: { figure: string; ratio: number | null; overBudget: boolean }[];
    };
    expect(rows.map(({ figure, ratio, overBudget }) => [figure, ratio, overBudget])).toEqual([
      ['p99 within twice the raw call', 1.5, false],
      ['p99 over twice the raw call', 2.5, true],
      ['round trips', 1.5, true],
      ['Lighthouse performance', 0.96, true],
      ['oversold', null, false],
      ['a month', null, false],
    ]);
    expect(printed.find((line) => line.includes('p99 over twice'))).toMatch(/2\.50 OVER$/);
    expect(printed.find((line) => line.includes('oversold'))).not.toContain('OVER');
  });
});
