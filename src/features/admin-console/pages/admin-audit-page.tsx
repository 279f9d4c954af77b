import { Anchor, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { AuditAction, AuditEntry } from '#contract/admin-users';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatDateTime } from '#src/lib/format-date';
import { adminQueries } from '../api/admin-api';
import { fieldChanges } from '../audit-changes';
import { AdminList } from '../components/admin-list';
import { pageOf } from '#src/lib/list-address';
import classes from '../components/admin.module.css';

const text = vi.adminConsole.audit;

/** Every audited action's Vietnamese name: a new action in the contract fails the type check here. */
const ACTION_NAMES: Record<AuditAction, string> = text.actions;
const ACTIONS = Object.keys(ACTION_NAMES) as AuditAction[];
const ALL = 'all';

function readView(params: URLSearchParams) {
  const requested = params.get('action');
  return {
    action: ACTIONS.find((action) => action === requested) ?? null,
    page: pageOf(params.get('page')),
  };
}

function viewParams({ action, page }: ReturnType<typeof readView>): Record<string, string> {
  const params: Record<string, string> = {};
  if (action) params.action = action;
  if (page > 1) params.page = String(page);
  return params;
}

/** Where the console shows the target, when it has a screen for it. */
function targetPath(type: string, id: number): string | null {
  if (type === 'user') return paths.adminUser.replace(':id', String(id));
  if (type === 'coupon') return paths.adminCoupons;
  return null;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const name = ACTION_NAMES[entry.action as AuditAction] ?? entry.action;
  const target = text.target(text.targets[entry.target_type] ?? entry.target_type, entry.target_id);
  const to = targetPath(entry.target_type, entry.target_id);
  const changes = fieldChanges(entry.before, entry.after);
  return (
    <Paper component="article" withBorder radius="lg" p="md" aria-label={`${name} ${target}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" align="baseline">
          <Text fw={700}>{name}</Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          </Text>
        </Group>
        <Text size="sm">
          {text.actor(entry.actor_name ?? text.unknownActor(entry.actor_id))}
          {' · '}
          {to ? (
            <Anchor component={Link} to={to}>
              {target}
            </Anchor>
          ) : (
            target
          )}
        </Text>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.noChanges}
          </Text>
        ) : (
          <ul className={classes.changes} aria-label={text.changes}>
            {changes.map((change) => (
              <li key={change.field}>
                {change.field
                  ? text.change(change.field, change.before, change.after)
                  : `${change.before} → ${change.after}`}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/audit: every admin action, newest first, filtered by action (in the address). */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const list = useQuery({ ...adminQueries.audit(view), placeholderData: keepPreviousData });

  const filter = (value: string) => {
    const action = ACTIONS.find((candidate) => candidate === value) ?? null;
    setParams(viewParams({ action, page: 1 }), { replace: true });
  };
  const goTo = (page: number) => {
    setParams(viewParams({ ...view, page }));
    window.scrollTo({ top: 0 });
  };

  const body = (
    <AdminList
      list={list}
      page={view.page}
      onPage={goTo}
      empty={text.empty}
      renderItem={(entry) => <Entry entry={entry} />}
    />
  );

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <NativeSelect
        label={text.filter}
        value={view.action ?? ALL}
        onChange={(event) => filter(event.currentTarget.value)}
        data={[
          { value: ALL, label: text.allActions },
          ...ACTIONS.map((action) => ({ value: action, label: ACTION_NAMES[action] })),
        ]}
        maw={360}
      />
      {body}
    </Stack>
  );
}
