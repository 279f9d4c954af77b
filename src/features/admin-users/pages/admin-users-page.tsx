import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import type { AdminUser } from '#contract/admin-users';
import { IconUser } from '#src/components/icons';
import { ListSearch } from '#src/components/list-search';
import { PageLinks } from '#src/components/page-links';
import { ScreenEmpty, ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { listParams, pageOf } from '#src/lib/list-address';
import { adminUserQueries } from '../api/admin-users';

const text = vi.adminUsers;

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
    setParams(listParams(q, next));
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
        <PageLinks pagination={data.pagination} page={page} onPage={goToPage} labels={text} />
      </>
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <ListSearch
        label={text.search}
        placeholder={text.searchPlaceholder}
        value={q}
        onSearch={search}
        size="md"
        withIcon
        spellCheck={false}
      />
      {content}
    </Stack>
  );
}
