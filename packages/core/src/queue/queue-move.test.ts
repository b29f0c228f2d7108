import { describe, expect, it } from 'vitest';
import { queueWithMove } from './queue-move.js';

describe('queueWithMove', () => {
  const order = ['p1', 'p2', 'p3'];

  it('swaps the post with its neighbour', () => {
    expect(queueWithMove(order, 'p2', 'up')).toEqual(['p2', 'p1', 'p3']);
    expect(queueWithMove(order, 'p2', 'down')).toEqual(['p1', 'p3', 'p2']);
  });

  it('leaves the order as it is at either end or for a post not in it', () => {
    expect(queueWithMove(order, 'p1', 'up')).toEqual(order);
    expect(queueWithMove(order, 'p3', 'down')).toEqual(order);
    expect(queueWithMove(order, 'p9', 'up')).toEqual(order);
  });
});
