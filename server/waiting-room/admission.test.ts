import { admissionTime, recountedLine, refreshSeconds, servedUpTo, type RoomLine } from './admission.ts';

const OPENS = Date.parse('2027-01-15T09:00:00Z');
const room: RoomLine = { opensAt: OPENS, perMinute: 120, checkoutMinutes: 15, countedFrom: OPENS, admittedBase: 0 };
const at = (seconds: number) => OPENS + seconds * 1000;

test('nobody is admitted before the opening; then places at the rate, in order', () => {
  expect(servedUpTo(room, at(-60))).toBe(0);
  expect(servedUpTo(room, at(0))).toBe(0);
  expect(servedUpTo(room, at(0.5))).toBe(1);
  expect(servedUpTo(room, at(30))).toBe(60);
  expect(servedUpTo(room, at(60))).toBe(120);
});

test('a place is admitted exactly when the count reaches it, and the estimate says when', () => {
  for (const position of [1, 7, 60, 121, 5000]) {
    const time = admissionTime(room, position);
    expect(servedUpTo(room, time)).toBeGreaterThanOrEqual(position);
    expect(servedUpTo(room, time - 1)).toBeLessThan(position);
  }
});

test('a new rate keeps what was admitted and counts on from the change; a postponed opening waits for it', () => {
  const changed = { ...room, perMinute: 60, ...recountedLine(room, OPENS, at(30)) };
  expect(servedUpTo(changed, at(30))).toBe(60);
  expect(servedUpTo(changed, at(90))).toBe(120);
  const postponed = { ...room, opensAt: at(600), ...recountedLine(room, at(600), at(-30)) };
  expect(servedUpTo(postponed, at(300))).toBe(0);
  expect(servedUpTo(postponed, at(630))).toBe(60);
});

test('the page refreshes every 15 to 30 s, and just after the turn when it is near', () => {
  expect(refreshSeconds(2 * 3600_000)).toBe(30);
  expect(refreshSeconds(200_000)).toBe(20);
  expect(refreshSeconds(60_000)).toBe(15);
  expect(refreshSeconds(9000)).toBe(10);
  expect(refreshSeconds(0)).toBe(5);
});
