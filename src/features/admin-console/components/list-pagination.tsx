import '@mantine/core/styles/Pagination.layer.css';
import { Center, Pagination } from '@mantine/core';
import type { Pagination as PageInfo } from '#contract/envelope';
import { vi } from '#src/i18n/vi';
import { pageCount } from '#src/lib/list-address';

const text = vi.adminConsole;

interface ListPaginationProps {
  pagination: PageInfo;
  /** The page asked for (the previous page's reply may still be shown meanwhile). */
  page: number;
  onPage: (page: number) => void;
}

/** The console lists' page links, only when there is more than one page. */
export function ListPagination({ pagination, page, onPage }: ListPaginationProps) {
  const pages = pageCount(pagination);
  if (pages <= 1 && page <= 1) return null;
  return (
    <Center component="nav" aria-label={text.pages}>
      <Pagination
        total={Math.max(pages, page)}
        value={page}
        onChange={onPage}
        getItemProps={(item) => ({
          'aria-label': text.page(item),
          'aria-current': item === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': text.controls[control] })}
      />
    </Center>
  );
}
