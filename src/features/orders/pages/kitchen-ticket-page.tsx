import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { generatePath, Link, useParams } from 'react-router-dom';
import type { LineOption } from '#contract/options';
import { TOPPINGS_GROUP_NAME } from '#contract/options';
import type { Order, OrderItem } from '#contract/orders';
import { orderQueries } from '#src/api/orders';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatDateThenTime } from '#src/lib/format-date';
import { parseRouteId } from '#src/lib/route-id';
import classes from '../components/kitchen-ticket.module.css';

const text = vi.orders;

// The receipt roll's page: 80 mm wide, as long as the ticket, no margins (the printer keeps
// its own). Rendered by this screen only, so no other page prints on a receipt's width.
// Chromium drops `size: 80mm auto` as a whole (a page needs both lengths), so the length is
// the ticket's own, measured once it is drawn; until then an A4's.
const MM_PER_PX = 25.4 / 96;
const pageRule = (lengthMm: number) => `@page { size: 80mm ${lengthMm}mm; margin: 0; }`;
const UNMEASURED_MM = 297;

/**
 * Each group's choices on one line, 'Size: L', 'Topping: Trân châu, Thạch', in the order
 * chosen. An order from before option groups has its toppings only.
 */
function choiceLines(item: OrderItem): string[] {
  const options: readonly Pick<LineOption, 'group' | 'name'>[] =
    item.options.length > 0
      ? item.options
      : item.toppings.map((topping) => ({ group: TOPPINGS_GROUP_NAME, name: topping.name }));
  const byGroup = new Map<string, string[]>();
  for (const option of options) {
    const names = byGroup.get(option.group) ?? [];
    names.push(option.name);
    byGroup.set(option.group, names);
  }
  return [...byGroup].map(([group, names]) => text.ticketChoice(group, names.join(', ')));
}

/** The ticket's length in whole mm as drawn, and again whenever it changes. */
function useLengthMm(onLength: (mm: number) => void) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const px = element.getBoundingClientRect().height;
      // A few mm to spare, so a rounding never spills a last line onto a second page.
      if (px > 0) onLength(Math.ceil(px * MM_PER_PX) + 4);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [onLength]);
  return ref;
}

function Ticket({ order, onLength }: { order: Order; onLength: (mm: number) => void }) {
  const deliveryNote = order.delivery_note.trim();
  const ref = useLengthMm(onLength);
  return (
    <article ref={ref} className={classes.ticket} aria-label={text.ticketTitle(order.id)}>
      <div className={classes.center}>
        <div className={classes.label}>{order.restaurant_name}</div>
        <div className={classes.big}>{text.ticketNumber(order.id)}</div>
        <div>{formatDateThenTime(order.created_at)}</div>
      </div>
      <hr className={classes.rule} />
      <ul className={classes.items}>
        {order.items.map((item) => {
          const note = item.note.trim();
          return (
            <li key={item.id}>
              <div className={classes.line}>
                <span className={classes.dish}>
                  {text.ticketLine(item.quantity, item.food_name)}
                </span>
                <span>{formatVnd(item.subtotal)}</span>
              </div>
              {choiceLines(item).map((line) => (
                <div key={line} className={classes.detail}>
                  {line}
                </div>
              ))}
              {note ? (
                <div className={`${classes.detail} ${classes.label}`}>
                  {text.ticketItemNote(note)}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <hr className={classes.rule} />
      <div className={classes.line}>
        <span>{text.subtotal}</span>
        <span>{formatVnd(order.subtotal)}</span>
      </div>
      {order.discount > 0 ? (
        <div className={classes.line}>
          <span>{text.discount}</span>
          <span>{text.discountAmount(formatVnd(order.discount))}</span>
        </div>
      ) : null}
      <div className={`${classes.line} ${classes.total}`}>
        <span>{text.total}</span>
        <span>{formatVnd(order.total_amount)}</span>
      </div>
      <hr className={classes.rule} />
      <div>
        <span className={classes.label}>{text.ticketCustomer}: </span>
        {order.customer_name}
      </div>
      <div>
        <span className={classes.label}>{text.address}: </span>
        {order.delivery_address}
      </div>
      <div>
        <span className={classes.label}>{text.phone}: </span>
        {order.delivery_phone}
      </div>
      {deliveryNote ? (
        <div>
          <span className={classes.label}>{text.ticketDeliveryNote}: </span>
          {deliveryNote}
        </div>
      ) : null}
    </article>
  );
}

function TicketOf({ id, onLength }: { id: number; onLength: (mm: number) => void }) {
  const order = useQuery(orderQueries.detail('staff', id));
  if (order.data) return <Ticket order={order.data} onLength={onLength} />;
  if (order.isError) {
    return (
      <ScreenError
        title={text.detailFailed}
        error={order.error}
        retryLabel={text.retry}
        onRetry={() => void order.refetch()}
      />
    );
  }
  return <ScreenLoading label={text.detailLoading} />;
}

/**
 * /staff/orders/{id}/ticket: the order as the kitchen reads it off an 80 mm receipt printer
 * (number, time, each dish with its choices and note, the delivery details, the total). On
 * paper only the ticket shows: the app's frame (app-layout.module.css) and this screen's
 * buttons are left out.
 */
export function KitchenTicketPage() {
  const id = parseRouteId(useParams().id);
  const [lengthMm, setLengthMm] = useState(UNMEASURED_MM);
  return (
    <Stack gap="md">
      <style>{pageRule(lengthMm)}</style>
      {id === null ? null : (
        <Group justify="center" gap="sm" className={classes.screenOnly}>
          <Button
            component={Link}
            to={generatePath(paths.order, { id: String(id) })}
            variant="default"
            size="md"
          >
            {text.ticketBack}
          </Button>
          <Button size="md" onClick={() => window.print()}>
            {text.ticketPrint}
          </Button>
        </Group>
      )}
      {id === null ? <Text>{text.detailFailed}</Text> : <TicketOf id={id} onLength={setLengthMm} />}
    </Stack>
  );
}
