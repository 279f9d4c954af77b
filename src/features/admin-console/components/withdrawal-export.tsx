import { Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { exportWithdrawals, type DateRange } from '../api/admin-api';
import { monthToDate } from '../date-range';
import classes from './admin.module.css';

const text = vi.adminConsole.withdrawals;

/** Hands a fetched file to the browser's download, then lets the memory go. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The accountant's CSV of the requests made in a range (this month so far by default). The
 * dates are checked by the server, whose message says what is wrong with them.
 */
export function WithdrawalExport() {
  const online = useOnline();
  const [range, setRange] = useState<DateRange>(() => monthToDate());
  const download = useMutation({
    mutationFn: exportWithdrawals,
    onSuccess: (blob, asked) => {
      save(blob, text.fileName(asked.start_date, asked.end_date));
      toast.success(text.exported);
    },
    onError: (error) => toast.error(getErrorMessage(error)),
  });

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="withdrawal-export">
      <Stack gap="sm">
        <Title order={2} size="h4" id="withdrawal-export">
          {text.export}
        </Title>
        <div className={classes.dates}>
          <TextInput
            type="date"
            label={text.from}
            value={range.start_date}
            onChange={(event) => setRange({ ...range, start_date: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={text.to}
            value={range.end_date}
            onChange={(event) => setRange({ ...range, end_date: event.currentTarget.value })}
          />
          <Button
            loading={download.isPending}
            disabled={!online}
            onClick={() => download.mutate(range)}
          >
            {text.download}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
