/**
 * Ticks the countdowns the server rendered (views/blocks/CountdownBlock.tsx) every second, in the
 * visitor's clock, and at zero swaps the clock for the ended message. The server's text stays
 * right for visitors without JavaScript; this only keeps it current.
 */

const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

const plurals = new Intl.PluralRules(document.documentElement.lang || 'en');

function start(countdown: HTMLElement): void {
  const end = Date.parse(countdown.dataset.countdown ?? '');
  const clock = countdown.querySelector<HTMLTimeElement>('.countdown__clock');
  if (Number.isNaN(end) || !clock) return;
  const units = UNITS.map(([unit, size]) => {
    const label = countdown.querySelector<HTMLElement>(`[data-unit-label="${unit}"]`);
    return {
      size,
      value: countdown.querySelector<HTMLElement>(`[data-unit="${unit}"]`),
      label,
      labels: JSON.parse(label?.dataset.labels ?? '{}') as Record<string, string>,
    };
  });

  const tick = (): boolean => {
    let rest = Math.max(0, Math.floor((end - Date.now()) / 1000));
    if (rest === 0) {
      clock.hidden = true;
      countdown.querySelector<HTMLElement>('.countdown__ended')!.hidden = false;
      countdown.dataset.ended = '';
      return false;
    }
    const parts = units.map((unit) => {
      const count = Math.floor(rest / unit.size);
      rest -= count * unit.size;
      if (unit.value) unit.value.textContent = String(count).padStart(2, '0');
      const label = unit.labels[plurals.select(count)];
      if (unit.label && label) unit.label.textContent = label;
      return count;
    });
    const [days, hours, minutes, seconds] = parts;
    clock.dateTime = `P${days}DT${hours}H${minutes}M${seconds}S`;
    return true;
  };

  if (!tick()) return;
  const timer = setInterval(() => {
    if (!tick()) clearInterval(timer);
  }, 1000);
}

document.querySelectorAll<HTMLElement>('[data-countdown]').forEach(start);
