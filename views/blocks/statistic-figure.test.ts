import { createFormatter } from '../format.ts';
import { readFigure } from './statistic-figure.ts';

describe('a statistic written by an editor', () => {
  test('is read as a figure whichever way round its plus sign and whatever its short unit', () => {
    expect(readFigure('1,200+')).toEqual({ value: 1200, orMore: true });
    expect(readFigure('+1,200')).toEqual({ value: 1200, orMore: true });
    expect(readFigure('600K')).toEqual({ value: 600_000, orMore: false });
    expect(readFigure('600 ألف')).toEqual({ value: 600_000, orMore: false });
    expect(readFigure('1.5 مليون')).toEqual({ value: 1_500_000, orMore: false });
    expect(readFigure('12k')).toEqual({ value: 12_000, orMore: false });
    expect(readFigure(' 40+ ')).toEqual({ value: 40, orMore: true });
    expect(readFigure('0')).toEqual({ value: 0, orMore: false });
  });

  test('that is not a plain figure is left as written', () => {
    for (const text of ['22°C', '1.2 km', '16+ only', '', '1,20', 'K', '++3']) expect(readFigure(text)).toBeUndefined();
  });

  test('is written the same way on every page, each language in its own style', () => {
    const english = createFormatter('en');
    const arabic = createFormatter('ar');
    const write = (text: string, format: typeof english) => {
      const figure = readFigure(text)!;
      return format.compactNumber(figure.value, { orMore: figure.orMore });
    };
    // The home page wrote "1,200+" in English and "+1,200" in Arabic, an event page "60+" in both.
    expect(write('1,200+', english)).toBe('1,200+');
    expect(write('60+', english)).toBe('60+');
    expect(write('+1,200', arabic)).toBe('+1,200');
    expect(write('60+', arabic)).toBe('+60');
    expect(write('600K', english)).toBe('600k');
    expect(write('600 ألف', arabic)).toBe('600\u00a0ألف');
  });
});
