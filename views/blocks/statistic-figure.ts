/**
 * A statistic's value as an editor wrote it ("600K", "1,200+", "+1,200", "600 ألف"), read as a
 * figure so that the formatter writes it the same way on every page and in each language. A value
 * that is not a plain figure ("22°C", "1.2 km") is not one, and is shown as written.
 */
export interface StatisticFigure {
  value: number;
  /** "1,200+": at least this many. */
  orMore: boolean;
}

const MULTIPLIERS: Record<string, number> = { k: 1_000, m: 1_000_000, ألف: 1_000, مليون: 1_000_000 };

const FIGURE = /^(\+)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(k|m|ألف|مليون)?\s*(\+)?$/iu;

export function readFigure(text: string): StatisticFigure | undefined {
  const match = FIGURE.exec(text.trim());
  if (!match) return undefined;
  const [, leadingPlus, whole, fraction, unit, trailingPlus] = match;
  const value = Math.round(Number(`${whole!.replace(/,/g, '')}${fraction ?? ''}`) * (unit ? MULTIPLIERS[unit.toLowerCase()]! : 1));
  if (!Number.isSafeInteger(value)) return undefined;
  return { value, orMore: Boolean(leadingPlus || trailingPlus) };
}
