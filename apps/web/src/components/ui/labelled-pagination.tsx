/**
 * Mantine Pagination inside a labelled `nav`, with words for screen readers on every page button and
 * control ("Page 3", "Next page") — the one pager of tables and lists (UX.md "Accessibility").
 */
import { Pagination } from '@mantine/core';

export function LabelledPagination({
  label,
  total,
  value,
  onChange,
}: {
  /** What is paged, e.g. "Rejected rows": the nav is named "<label> pages". */
  label: string;
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <nav aria-label={`${label} pages`}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        size="sm"
        withEdges
        getItemProps={(itemPage) => ({ 'aria-label': `Page ${itemPage}` })}
        getControlProps={(control) => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        })}
      />
    </nav>
  );
}
