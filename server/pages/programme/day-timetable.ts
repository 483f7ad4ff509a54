import { programmeTimetablePage } from './programme-timetable.ts';

/** SPEC 2.1 /events/{slug}/program/day/timetable(/{day}). */
export default programmeTimetablePage('day');
