import { calendarFile } from './calendar-file.ts';

describe('calendar files', () => {
  const file = calendarFile('Nabd Festival 2026', [
    {
      uid: 'performance-layla-nour@nabd',
      title: 'Layla Nour, Main Stage',
      start: '2026-12-10T19:00:00.000Z',
      end: '2026-12-10T20:15:00.000Z',
      location: 'Banban Grounds; Riyadh',
      url: 'http://localhost:3000/events/nabd-festival-2026/lineup/layla-nour',
    },
  ]);

  test('is an RFC 5545 calendar with lines ended by CRLF', () => {
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(file.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(file).toContain('X-WR-CALNAME:Nabd Festival 2026');
  });

  test('writes times in UTC and escapes the text values', () => {
    expect(file).toContain('DTSTART:20261210T190000Z');
    expect(file).toContain('DTEND:20261210T201500Z');
    expect(file).toContain('SUMMARY:Layla Nour\\, Main Stage');
    expect(file).toContain('LOCATION:Banban Grounds\\; Riyadh');
    expect(file).toContain('UID:performance-layla-nour@nabd');
  });

  test('an empty schedule is still a calendar', () => {
    const empty = calendarFile('My schedule', []);
    expect(empty).toContain('BEGIN:VCALENDAR');
    expect(empty).not.toContain('BEGIN:VEVENT');
  });
});
