import '@mantine/core/styles/Pagination.layer.css';
import { Group, Pagination, type MantineSize } from '@mantine/core';
import type { Pagination as PageInfo } from '#contract/envelope';

export interface PageLinkLabels {
  /** Names the navigation landmark. */
  pages: string;
  page: (page: number) => string;
  previousPage: string;
  nextPage: string;
}

interface PageLinksProps {
  pagination: PageInfo;
  /** The page shown (from the address). */
  page: number;
  onPage: (page: number) => void;
  labels: PageLinkLabels;
  size?: MantineSize;
}

/**
 * Counts stop ten pages past the one asked (contract/envelope.ts), so the last page number may
 * be a lower bound; has_next is always exact and keeps the next page reachable.
 */
function pageCount(pagination: PageInfo, page: number): number {
  return Math.max(pagination.total_pages, page + (pagination.has_next ? 1 : 0), 1);
}

/** A list's numbered page links, only when there is more than one page. */
export function PageLinks({ pagination, page, onPage, labels, size }: PageLinksProps) {
  const total = pageCount(pagination, page);
  if (total <= 1) return null;
  return (
    <nav aria-label={labels.pages}>
      <Group justify="center">
        <Pagination
          total={total}
          value={page}
          onChange={onPage}
          size={size}
          getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': labels.previousPage }
              : control === 'next'
                ? { 'aria-label': labels.nextPage }
                : {}
          }
        />
      </Group>
    </nav>
  );
}
