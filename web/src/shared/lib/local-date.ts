/** Plain calendar dates ('YYYY-MM-DD', as the api sends LocalDate) in the user's local time zone. */
export function toDateKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Parses 'YYYY-MM-DD' as a local date (new Date('YYYY-MM-DD') would be UTC midnight). */
export function fromDateKey(key: string): Date {
  const [year, month, day] = key.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}
