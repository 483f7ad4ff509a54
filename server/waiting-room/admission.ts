/**
 * The arithmetic of a waiting room's line (decision 0044), the same in every process: places up to
 * `admittedBase + (now − countedFrom) × perMinute` are admitted. Nothing advances a counter, so no
 * runner is needed and every process, reading the same row, agrees on who is in.
 */

export interface RoomLine {
  opensAt: number;
  perMinute: number;
  checkoutMinutes: number;
  countedFrom: number;
  admittedBase: number;
}

const MINUTE_MS = 60_000;

/** The last place admitted at `now` (0: none yet). */
export function servedUpTo(room: RoomLine, now: number): number {
  const elapsed = Math.max(0, now - room.countedFrom);
  return room.admittedBase + Math.floor((elapsed * room.perMinute) / MINUTE_MS);
}

/** When the place at `position` is admitted, as the line moves at its rate. */
export function admissionTime(room: RoomLine, position: number): number {
  const after = position - room.admittedBase;
  if (after <= 0) return room.countedFrom;
  return room.countedFrom + Math.ceil((after * MINUTE_MS) / room.perMinute);
}

/**
 * The counters of a room set up or changed at `now`: a new room counts from its opening; a changed
 * one keeps what it admitted so far and moves at its new rate from now, or from its new opening
 * when that is still to come.
 */
export function recountedLine(before: RoomLine | undefined, opensAt: number, now: number): Pick<RoomLine, 'countedFrom' | 'admittedBase'> {
  const admittedBase = before ? servedUpTo(before, now) : 0;
  if (opensAt > now || !before) return { countedFrom: opensAt, admittedBase };
  return { countedFrom: now, admittedBase };
}

/**
 * How often a waiting page asks again, in seconds: every 30 s for a long wait, every 15 s within a
 * few minutes, and just after the expected admission when it is closer than that.
 */
export function refreshSeconds(waitMs: number): number {
  const wait = Math.ceil(waitMs / 1000);
  if (wait <= 15) return Math.max(5, wait + 1);
  return Math.min(30, Math.max(15, Math.round(wait / 10)));
}
