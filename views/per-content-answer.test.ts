import { perContentAnswer } from './per-content-answer.ts';

describe('what is kept per content answer', () => {
  test('is worked out once per answer and key, and anew for a new answer', () => {
    let work = 0;
    const count = () => ++work;
    const answer = {};
    expect(perContentAnswer(answer, 'a', count)).toBe(1);
    expect(perContentAnswer(answer, 'a', count)).toBe(1);
    expect(perContentAnswer(answer, 'b', count)).toBe(2);
    expect(perContentAnswer({}, 'a', count)).toBe(3);
  });

  test('keeps an undefined value too, and nothing when the work fails', () => {
    const answer = {};
    let calls = 0;
    perContentAnswer(answer, 'nothing', () => void calls++);
    perContentAnswer(answer, 'nothing', () => void calls++);
    expect(calls).toBe(1);
    expect(() =>
      perContentAnswer(answer, 'failing', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(perContentAnswer(answer, 'failing', () => 'now')).toBe('now');
  });
});
