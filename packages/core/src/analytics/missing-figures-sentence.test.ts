import { describe, expect, it } from 'vitest';
import { FIGURES_SCHEDULE_SENTENCE, missingFiguresSentence } from './missing-figures-sentence.js';

describe('missingFiguresSentence', () => {
  it('says when figures appear, read from the collection schedule', () => {
    expect(FIGURES_SCHEDULE_SENTENCE).toBe(
      'Figures are first read an hour after a post is published, then after 6 hours, a day, 3 days, 7 days and 30 days.',
    );
    expect(missingFiguresSentence('not_yet_collected', 2)).toBe(
      `2 posts without figures: not read yet. ${FIGURES_SCHEDULE_SENTENCE}`,
    );
  });

  it('tells the schedule only when nothing was read yet', () => {
    expect(missingFiguresSentence('too_few_viewers', 1)).toBe(
      '1 post without figures: the platform gives no figures for posts seen by too few people.',
    );
  });
});
