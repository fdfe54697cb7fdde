/**
 * A table that a phone reads as cards (issue 21, docs/decisions/0053): under the `sm` breakpoint each row is
 * a block and each cell a line « column name — value », the name being the cell's `data-label` shown by
 * CSS; the header row is only for assistive technologies there, and the table stays a table for them. The
 * back-office's DataTable (pages/admin/parts.tsx) and the islands' own tables share these classes.
 */
export const STACKED_TABLE = 'max-sm:block';
export const STACKED_HEAD = 'max-sm:sr-only';
export const STACKED_BODY = 'max-sm:block max-sm:[&>tr]:block max-sm:[&>tr]:py-2';
export const STACKED_CELL =
  'max-sm:grid max-sm:grid-cols-[minmax(6.5rem,35%)_1fr] max-sm:gap-x-3 max-sm:py-1 max-sm:before:font-semibold max-sm:before:text-grey-text max-sm:before:content-[attr(data-label)]';
