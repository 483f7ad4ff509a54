import { BoundedMemo } from './bounded-memo.ts';

describe('a bounded memo', () => {
  test('works each key out once, and starts again past its bound', () => {
    const memo = new BoundedMemo<string>(2);
    let work = 0;
    const answer = (key: string) => memo.get(key, () => `${key}${++work}`);
    expect([answer('a'), answer('a'), answer('b')]).toEqual(['a1', 'a1', 'b2']);
    // A third key clears the memory: "a" is worked out again afterwards.
    expect(answer('c')).toBe('c3');
    expect(answer('a')).toBe('a4');
  });

  test('keeps nothing of work that failed', () => {
    const memo = new BoundedMemo<string>(10);
    expect(() =>
      memo.get('k', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(memo.get('k', () => 'now')).toBe('now');
  });
});
