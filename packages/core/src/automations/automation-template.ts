/** The template versions this service reads. */
export const TEMPLATE_VERSIONS = [1] as const;

/** How a keyword is looked for in a comment. */
export type KeywordMatch = 'word' | 'contains' | 'exact';

/** An automation template as the service works with it: version 1, normalised. */
export type AutomationTemplate = {
  readonly svcTemplate: 1;
  readonly name: string;
  readonly trigger: 'keyword' | 'every_comment';
  /** The keywords (one or more) of a `keyword` trigger; empty for `every_comment`. */
  readonly keywords: readonly string[];
  readonly match: KeywordMatch;
  /** The private reply: a direct message to the commenter. */
  readonly message: string;
  /** A reply posted under the comment, or null. */
  readonly publicReply: string | null;
  /** A comment with one of these words is skipped. */
  readonly excludeKeywords: readonly string[];
};

/** One thing wrong with a template, named by its field. */
export type TemplateProblem = { readonly field: string; readonly message: string };

/** A read template, or everything wrong with it (never half of either). */
export type TemplateReading =
  | { readonly ok: true; readonly template: AutomationTemplate }
  | { readonly ok: false; readonly problems: readonly TemplateProblem[] };

/** Limits of version 1 (docs/automations.md). */
export const TEMPLATE_LIMITS = {
  name: 100,
  message: 1000,
  publicReply: 2200,
  keyword: 100,
  keywords: 20,
} as const;

const V1_FIELDS = new Set([
  'svcTemplate',
  'name',
  'trigger',
  'keyword',
  'keywords',
  'message',
  'publicReply',
  'match',
  'excludeKeywords',
]);

/**
 * Reads a template given as an object or as the text of a JSON file. Every problem is listed at
 * once, unknown fields by name (a typo must not silently drop a setting). Versions are read by
 * their own reader, so a later version can still read version 1.
 */
export function readAutomationTemplate(input: unknown): TemplateReading {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return refused([{ field: '(template)', message: 'The template is not valid JSON.' }]);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refused([{ field: '(template)', message: 'A template is a JSON object.' }]);
  }
  const fields = value as Record<string, unknown>;
  if (fields.svcTemplate !== 1) {
    return refused([
      {
        field: 'svcTemplate',
        message: `svcTemplate must be one of the supported versions: ${TEMPLATE_VERSIONS.join(', ')}.`,
      },
    ]);
  }
  return readV1(fields);
}

function readV1(fields: Record<string, unknown>): TemplateReading {
  const problems: TemplateProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const unknown = Object.keys(fields).filter((key) => !V1_FIELDS.has(key));
  for (const key of unknown)
    problem(key, `Unknown field "${key}" (version 1 has ${[...V1_FIELDS].join(', ')}).`);

  const name = text(fields.name);
  if (name === null || name.trim() === '' || name.length > TEMPLATE_LIMITS.name) {
    problem('name', `name is required: 1 to ${TEMPLATE_LIMITS.name} characters.`);
  }
  const trigger = fields.trigger;
  if (trigger !== 'keyword' && trigger !== 'every_comment') {
    problem('trigger', 'trigger must be "keyword" or "every_comment".');
  }
  const match = fields.match ?? 'word';
  if (match !== 'word' && match !== 'contains' && match !== 'exact') {
    problem('match', 'match must be "word", "contains" or "exact".');
  }
  const keywords = keywordsOf(fields, problem);
  if (
    trigger === 'keyword' &&
    keywords.length === 0 &&
    !problems.some((p) => p.field.startsWith('keyword'))
  ) {
    problem('keyword', 'A keyword trigger needs keyword (or keywords).');
  }
  if (trigger === 'every_comment' && keywords.length > 0) {
    problem('keyword', 'An every_comment trigger takes no keyword.');
  }
  const message = text(fields.message);
  if (message === null || message.trim() === '' || message.length > TEMPLATE_LIMITS.message) {
    problem('message', `message is required: the private reply, 1 to ${TEMPLATE_LIMITS.message} characters.`);
  }
  const publicReply = fields.publicReply === undefined ? null : text(fields.publicReply);
  if (
    fields.publicReply !== undefined &&
    (publicReply === null || publicReply.trim() === '' || publicReply.length > TEMPLATE_LIMITS.publicReply)
  ) {
    problem('publicReply', `publicReply is 1 to ${TEMPLATE_LIMITS.publicReply} characters when given.`);
  }
  const excludeKeywords = stringList(fields.excludeKeywords, 'excludeKeywords', problem);
  if (problems.length > 0) return refused(problems);
  return {
    ok: true,
    template: {
      svcTemplate: 1,
      name: (name as string).trim(),
      trigger: trigger as AutomationTemplate['trigger'],
      keywords,
      match: match as KeywordMatch,
      message: message as string,
      publicReply,
      excludeKeywords,
    },
  };
}

/**
 * The template an automation is exported as: version 1, with one `keyword` or several
 * `keywords`, and no default written out. Reading it back gives an equal template.
 */
export function templateFile(template: AutomationTemplate): Record<string, unknown> {
  const [only] = template.keywords;
  return {
    svcTemplate: 1,
    name: template.name,
    trigger: template.trigger,
    ...(template.keywords.length === 1 && only !== undefined ? { keyword: only } : {}),
    ...(template.keywords.length > 1 ? { keywords: [...template.keywords] } : {}),
    ...(template.match === 'word' ? {} : { match: template.match }),
    message: template.message,
    ...(template.publicReply === null ? {} : { publicReply: template.publicReply }),
    ...(template.excludeKeywords.length === 0 ? {} : { excludeKeywords: [...template.excludeKeywords] }),
  };
}

function keywordsOf(
  fields: Record<string, unknown>,
  problem: (field: string, message: string) => void,
): string[] {
  if (fields.keyword !== undefined && fields.keywords !== undefined) {
    problem('keyword', 'Give keyword or keywords, not both.');
    return [];
  }
  if (fields.keyword !== undefined) {
    const keyword = text(fields.keyword);
    if (keyword === null || keyword.trim() === '' || keyword.length > TEMPLATE_LIMITS.keyword) {
      problem('keyword', `keyword is 1 to ${TEMPLATE_LIMITS.keyword} characters.`);
      return [];
    }
    return [keyword.trim()];
  }
  const list = stringList(fields.keywords, 'keywords', problem);
  if (list.length > TEMPLATE_LIMITS.keywords)
    problem('keywords', `At most ${TEMPLATE_LIMITS.keywords} keywords.`);
  return list;
}

function stringList(
  value: unknown,
  field: string,
  problem: (field: string, message: string) => void,
): string[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    value.some(
      (item) => typeof item !== 'string' || item.trim() === '' || item.length > TEMPLATE_LIMITS.keyword,
    )
  ) {
    problem(field, `${field} is a list of words, each 1 to ${TEMPLATE_LIMITS.keyword} characters.`);
    return [];
  }
  return [...new Set((value as string[]).map((item) => item.trim()))];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function refused(problems: readonly TemplateProblem[]): TemplateReading {
  return { ok: false, problems };
}
