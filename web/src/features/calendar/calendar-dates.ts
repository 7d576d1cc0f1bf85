import { fromDateKey } from '../../shared/lib/local-date';

/** 'Fri Nov 21 2026', the way the earlier product showed dates. */
export function displayDate(key: string): string {
  return fromDateKey(key).toDateString();
}

/** The days of a month grid: leading blanks (null) so the 1st falls on its weekday, then each day. */
export function monthGrid(year: number, month: number): Array<Date | null> {
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const cells: Array<Date | null> = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(new Date(year, month, day));
  return cells;
}
