// Vietnam keeps UTC+7 all year (no daylight saving since 1975), so its wall clock is UTC's moved
// seven hours, read here without Intl: a formatter with a time zone loads the zone's data when it
// is made, up to 80 ms of a slow phone's main thread in the middle of a screen's start.

const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A moment on the wall clock of Asia/Ho_Chi_Minh; `weekday` 0 is Sunday, as Date counts. */
export interface VietnamWallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

export function vietnamWallClock(moment: Date): VietnamWallClock {
  const shifted = new Date(moment.getTime() + VIETNAM_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

/** 7 -> '07'. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
