import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '#contract/staff-members';
import { ConfirmDialog } from '#src/components/cart/confirm-dialog';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { membersQuery } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { MemberForm } from './member-form';
import classes from './staff-restaurant.module.css';

const text = vi.team;

/** 'Trần Minh Đức' (family name first, as Vietnamese names are written), else the username. */
function memberName(member: StaffMember): string {
  const name = [member.last_name, member.first_name].filter(Boolean).join(' ').trim();
  return name || member.username;
}

function MemberRow({
  member,
  busy,
  onRemove,
}: {
  member: StaffMember;
  busy: boolean;
  onRemove: (member: StaffMember) => void;
}) {
  const name = memberName(member);
  const contact = [member.phone, member.email].filter(Boolean).join(' · ');
  return (
    <Paper withBorder radius="md" p="sm" className={classes.member}>
      <Stack gap={2} miw={0}>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {text.usernameLine(member.username)}
        </Text>
        {contact ? <Text size="sm">{contact}</Text> : null}
      </Stack>
      <Button
        color="red"
        variant="light"
        size="md"
        loading={busy}
        aria-label={text.remove(name)}
        onClick={() => onRemove(member)}
      >
        {text.removeShort}
      </Button>
    </Paper>
  );
}

/** The owner's team: staff accounts linked to the restaurant, added and removed here. */
export function TeamCard() {
  const { data, error, isPending, refetch } = useQuery(membersQuery);
  const remove = useRemoveMember();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    const { id } = removing;
    setRemoving(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(text.removed),
      onError: (failure) => toast.error(getErrorMessage(failure)),
    });
  };

  let list;
  if (isPending) list = <ScreenLoading label={text.loading} />;
  else if (!data) {
    list = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.length === 0) {
    list = <Text c="dimmed">{text.empty}</Text>;
  } else {
    list = (
      <ul className={classes.members} aria-label={text.title}>
        {data.map((member) => (
          <li key={member.id}>
            <MemberRow
              member={member}
              busy={remove.isPending && remove.variables === member.id}
              onRemove={setRemoving}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {text.hint}
      </Text>
      {list}
      {adding ? (
        <Paper withBorder radius="md" p="md">
          <MemberForm onDone={() => setAdding(false)} />
        </Paper>
      ) : (
        <Group>
          <Button size="md" variant="light" onClick={() => setAdding(true)}>
            {text.add}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={removing !== null}
        question={removing ? text.removeQuestion(memberName(removing)) : ''}
        confirmLabel={text.removeConfirm}
        cancelLabel={text.cancel}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
