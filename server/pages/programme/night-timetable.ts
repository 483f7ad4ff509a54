import { programmeTimetablePage } from './programme-timetable.ts';

/** SPEC 2.1 /events/{slug}/program/nite/timetable(/{day}). */
export default programmeTimetablePage('nite');
