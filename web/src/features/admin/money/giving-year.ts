import { adminPageRoutes } from '@storyhouse/contracts';

/** The years the donors page offers: this one and the four before it, newest first. */
export function givingYears(now = new Date()): number[] {
  return Array.from({ length: 5 }, (_, i) => now.getFullYear() - i);
}

/** The year of the address (`?year=`); anything the API would not take is this year. */
export function yearParam(params: URLSearchParams): number {
  const year = Number(params.get('year'));
  return Number.isSafeInteger(year) && year >= 2000 && year <= 2100 ? year : new Date().getFullYear();
}

/** The address of a donor's printable statement of a year (/admin/donors/:id/statement?year=). */
export const statementHref = (id: number, year: number) =>
  `${adminPageRoutes.adminStatement.paths[0].replace(':id', String(id))}?year=${year}`;
