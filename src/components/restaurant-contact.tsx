import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, VisuallyHidden } from '@mantine/core';
import type { OpeningHours } from '#contract/catalogue';
import { vi } from '../i18n/vi';
import { mapsSearchUrl } from '../lib/maps-link';
import { formatLine, openingHoursLines, restaurantWeekday } from '../lib/opening-hours';
import classes from './restaurant-contact.module.css';

const text = vi.catalogue;

export interface RestaurantContactProps {
  address: string;
  openingHours: OpeningHours;
  /** The server's answer (design.md section 5), in Asia/Ho_Chi_Minh. */
  isOpenNow: boolean;
  phone: string;
  email: string;
}

/** Digits and a leading + only: what a dialer wants from '0912 345 678'. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Spec 2.9 and 2.10: the address as a maps search (a new tab, so the app stays where it was),
 * the opening hours with today's line marked, the phone as a tel: link and the email as mailto:.
 */
export function RestaurantContact({
  address,
  openingHours,
  isOpenNow,
  phone,
  email,
}: RestaurantContactProps) {
  const today = restaurantWeekday();
  return (
    <dl className={classes.details}>
      <dt>{text.address}</dt>
      <dd>
        <Anchor href={mapsSearchUrl(address)} target="_blank" rel="noopener noreferrer">
          {address}
          <VisuallyHidden> ({text.opensMaps})</VisuallyHidden>
        </Anchor>
      </dd>
      <dt>{text.openingHours}</dt>
      <dd>
        <Badge
          variant="light"
          color={isOpenNow ? 'green' : 'gray'}
          radius="sm"
          tt="none"
          className={classes.openNow}
          data-open={isOpenNow || undefined}
        >
          {isOpenNow ? text.openNow : text.closedNow}
        </Badge>
        <ul className={classes.hours}>
          {openingHoursLines(openingHours).map((line) => {
            const isToday = line.days.includes(today);
            return (
              <li key={line.days[0]} data-today={isToday || undefined}>
                {formatLine(line)}
                {isToday ? <VisuallyHidden> ({text.today})</VisuallyHidden> : null}
              </li>
            );
          })}
        </ul>
      </dd>
      {phone ? (
        <>
          <dt>{text.phone}</dt>
          <dd>
            <Anchor href={telHref(phone)}>{phone}</Anchor>
          </dd>
        </>
      ) : null}
      {email ? (
        <>
          <dt>{text.email}</dt>
          <dd>
            <Anchor href={`mailto:${email}`}>{email}</Anchor>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
