import { describe, expect, it } from 'vitest';
import { readAutomationTemplate, templateFile } from './automation-template.js';

const minimal = {
  svcTemplate: 1,
  name: 'Price DM',
  trigger: 'keyword',
  keyword: 'price',
  message: 'Here it is: …',
};

describe('readAutomationTemplate', () => {
  it('reads version 1 from an object or from the text of a file, normalised with defaults', () => {
    const expected = {
      ok: true,
      template: {
        svcTemplate: 1,
        name: 'Price DM',
        trigger: 'keyword',
        keywords: ['price'],
        match: 'word',
        message: 'Here it is: …',
        publicReply: null,
        excludeKeywords: [],
      },
    };
    expect(readAutomationTemplate(minimal)).toEqual(expected);
    expect(readAutomationTemplate(JSON.stringify(minimal, null, 2))).toEqual(expected);
  });

  it('refuses other versions with the supported ones, and anything that is not a JSON object', () => {
    expect(readAutomationTemplate({ ...minimal, svcTemplate: 2 })).toEqual({
      ok: false,
      problems: [{ field: 'svcTemplate', message: 'svcTemplate must be one of the supported versions: 1.' }],
    });
    expect(readAutomationTemplate('{ not json')).toMatchObject({
      ok: false,
      problems: [{ field: '(template)' }],
    });
    expect(readAutomationTemplate([minimal])).toMatchObject({
      ok: false,
      problems: [{ field: '(template)' }],
    });
  });

  it('lists every problem at once, unknown fields by name', () => {
    const reading = readAutomationTemplate({
      svcTemplate: 1,
      name: '',
      trigger: 'keyword',
      mesage: 'typo',
      match: 'fuzzy',
      excludeKeywords: ['ok', 3],
    });
    expect(reading.ok).toBe(false);
    expect(reading.ok ? [] : reading.problems.map((p) => p.field)).toEqual([
      'mesage',
      'name',
      'match',
      'keyword',
      'message',
      'excludeKeywords',
    ]);
  });

  it('needs a keyword for a keyword trigger and none for every_comment, and one of keyword or keywords', () => {
    const fields = (reading: ReturnType<typeof readAutomationTemplate>) =>
      reading.ok ? [] : reading.problems.map((p) => p.field);
    expect(fields(readAutomationTemplate({ ...minimal, keyword: undefined }))).toEqual(['keyword']);
    expect(fields(readAutomationTemplate({ ...minimal, trigger: 'every_comment' }))).toEqual(['keyword']);
    expect(fields(readAutomationTemplate({ ...minimal, keywords: ['a', 'b'] }))).toEqual(['keyword']);
    expect(
      readAutomationTemplate({ ...minimal, keyword: undefined, keywords: ['Prix', 'price', 'Prix'] }),
    ).toMatchObject({
      ok: true,
      template: { keywords: ['Prix', 'price'] },
    });
  });

  it('holds the limits of version 1', () => {
    expect(readAutomationTemplate({ ...minimal, name: 'n'.repeat(101) })).toMatchObject({ ok: false });
    expect(readAutomationTemplate({ ...minimal, message: 'm'.repeat(1001) })).toMatchObject({ ok: false });
    expect(readAutomationTemplate({ ...minimal, message: 'm'.repeat(1000) })).toMatchObject({ ok: true });
  });

  it('exports a template that reads back equal, without defaults written out', () => {
    const full = {
      svcTemplate: 1,
      name: 'Launch',
      trigger: 'keyword',
      keywords: ['link', 'lien'],
      match: 'contains',
      message: 'Here is the link',
      publicReply: 'Sent you a DM!',
      excludeKeywords: ['spam'],
    };
    for (const input of [
      minimal,
      full,
      { svcTemplate: 1, name: 'All', trigger: 'every_comment', message: 'Thanks!' },
    ]) {
      const read = readAutomationTemplate(input);
      if (!read.ok) throw new Error(JSON.stringify(read.problems));
      expect(templateFile(read.template)).toEqual(input);
      expect(readAutomationTemplate(templateFile(read.template))).toEqual(read);
    }
  });
});
