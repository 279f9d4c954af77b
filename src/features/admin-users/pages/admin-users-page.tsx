import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import { Anchor, Badge, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import type { AdminUser } from '#contract/admin-users';
import { IconUser } from '#src/components/icons';
import { ScreenEmpty, ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { adminUserQueries, type AdminUserPage } from '../api/admin-users';
import { UserSearch } from '../components/user-search';

const text = vi.adminUsers;

/** ?page=3 in the address; anything else is the first page. */
function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Counts stop ten pages past the one asked (contract/envelope.ts), so the last page number may
 * be a lower bound; has_next is always exact and keeps the next page reachable.
 */
function pageCount({ pagination }: AdminUserPage, page: number): number {
  return Math.max(pagination.total_pages, page + (pagination.has_next ? 1 : 0), 1);
}

function roleName(role: AdminUser['role']): string {
  return vi.roles[role];
}

function UserRow({ user }: { user: AdminUser }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Anchor
              component={Link}
              to={generatePath(paths.adminUser, { id: String(user.id) })}
              fw={700}
            >
              {user.name ?? text.noName}
            </Anchor>
            {user.locked ? (
              <Badge color="red" variant="light" tt="none">
                {text.locked}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {[user.phone, user.username].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Text size="sm" fw={600}>
          {roleName(user.role)}
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * /admin/users 'Người dùng': everyone, or those matching the search, 20 a page. The search text
 * and the page live in the address, so coming back from a user returns to the same list.
 */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  const { data, error, isPending, refetch } = useQuery(adminUserQueries.list({ page, q }));

  const search = (next: string) => setParams(next ? { q: next } : {}, { replace: true });
  const goToPage = (next: number) => {
    setParams(() => {
      const updated = new URLSearchParams();
      if (q) updated.set('q', q);
      if (next > 1) updated.set('page', String(next));
      return updated;
    });
    window.scrollTo({ top: 0 });
  };

  let content;
  if (isPending) {
    content = <ScreenLoading label={text.loading} />;
  } else if (!data) {
    content = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.items.length === 0) {
    content =
      q === '' ? (
        <ScreenEmpty icon={<IconUser size={48} />} title={text.empty} hint="" />
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          {text.noMatch(q)}
        </Text>
      );
  } else {
    const { total, total_exact } = data.pagination;
    content = (
      <>
        <Text size="sm" c="dimmed" aria-live="polite">
          {text.count(total_exact ? String(total) : text.atLeast(String(total)))}
        </Text>
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={text.list}
        >
          {data.items.map((user) => (
            <li key={user.id}>
              <UserRow user={user} />
            </li>
          ))}
        </Stack>
        {pageCount(data, page) > 1 ? (
          <nav aria-label={text.pages}>
            <Group justify="center">
              <Pagination
                total={pageCount(data, page)}
                value={page}
                onChange={goToPage}
                getItemProps={(item) => ({ 'aria-label': text.page(item) })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': text.previousPage }
                    : control === 'next'
                      ? { 'aria-label': text.nextPage }
                      : {}
                }
              />
            </Group>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <UserSearch value={q} onSearch={search} />
      {content}
    </Stack>
  );
}
