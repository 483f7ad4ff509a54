import { LOYALTY_POINT_VALUE_HALALAS } from '#platform/loyalty/loyalty-programme.ts';
import { fromHalalas } from '../pages/tickets/cart-totals.ts';
import { useSite } from '../site-context.tsx';

/** "1,250 points", in the visitor's language and plural (decision 0039). */
export function usePoints(): (points: number) => string {
  const { t, format } = useSite();
  return (points) => t('loyalty:points', { count: points, points: format.number(points) });
}

/** What points are worth in SAR when spent: the programme's value (decision 0039). */
export function usePointsValue(): (points: number) => string {
  const { format } = useSite();
  return (points) => format.money(fromHalalas(points * LOYALTY_POINT_VALUE_HALALAS));
}
