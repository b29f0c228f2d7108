import { blankLinks } from './text-metrics.js';

/** Kinds of personal data the policy looks for. */
export type PersonalDataKind = 'email' | 'phone' | 'payment_card' | 'iban';

/** One piece of personal data found in a text, masked so it can be shown without repeating it. */
export type PersonalDataFinding = {
  readonly kind: PersonalDataKind;
  /** A hint such as `j…@e….com` or `ending in 1111`, never the full value. */
  readonly masked: string;
};
// The lookbehind makes a match start only at the start of a word, keeping long texts linear.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const IBAN_CANDIDATE = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![\p{L}\p{N}])/giu;
const IBAN_COUNTRIES = new Set(
  (
    'AD AE AL AT AZ BA BE BG BH BI BR BY CH CR CY CZ DE DJ DK DO EE EG ES FI FK FO FR GB GE GI GL GR GT HR ' +
    'HU IE IL IQ IS IT JO KW KZ LB LC LI LT LU LV LY MC MD ME MK MN MR MT MU NI NL NO OM PK PL PS PT QA RO ' +
    'RS RU SA SC SD SE SI SK SM SO ST SV TL TN TR UA VA VG XK YE'
  ).split(' '),
);
// Digits with at most two separators between them; several numbers separated by single spaces
// form one run, which numbersIn() takes apart.
const NUMBER_RUN = /(?<![\p{L}\p{N}+])\+?\(?\d(?:[ \u00A0().-]{0,2}\d)*\)?(?![\p{L}\p{N}])/gu;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/u;
const LEADING_PARENTHESES = /^(?:\+\d{1,3}[ .-]?)?\(\d{1,5}\)[^()]*$/u;
const YEAR = /^(?:19|20)\d\d$/u;
const MAX_CHUNKS_PER_NUMBER = 8;

type NumberKind = 'phone' | 'payment_card';

/**
 * E-mail addresses, phone numbers, payment card numbers and IBANs in a text. Heuristic and tuned
 * against false alarms: a phone number needs a `+` country code (8 to 15 digits) or 10 to 13
 * digits written in three or more short groups or with an area code in parentheses, so years,
 * prices, dates, ISBNs and order numbers pass; card numbers must pass the Luhn check and IBANs
 * the mod-97 check with a known country code. Numbers inside links are ignored.
 */
export function findPersonalData(text: string): PersonalDataFinding[] {
  const findings: PersonalDataFinding[] = [];
  let rest = text.replace(EMAIL, (match) => {
    findings.push({ kind: 'email', masked: maskEmail(match) });
    return ' '.repeat(match.length);
  });
  rest = blankLinks(rest).replace(IBAN_CANDIDATE, (match) => {
    const iban = validIbanPrefix(match.replace(/ /gu, '').toUpperCase());
    if (iban === null) return match;
    findings.push({ kind: 'iban', masked: `${iban.slice(0, 2)}…${iban.slice(-4)}` });
    return blankFirstCharacters(match, iban.length);
  });
  for (const run of rest.matchAll(NUMBER_RUN)) {
    for (const { kind, text: number } of numbersIn(run[0])) {
      const digits = number.replace(/\D/gu, '');
      findings.push({ kind, masked: `ending in ${digits.slice(kind === 'payment_card' ? -4 : -2)}` });
    }
  }
  return findings;
}

// A run is first tried whole (the usual case: one number between words). Otherwise it is cut at
// spaces into chunks and the shortest sequences of chunks that form a number are taken, so
// "555-123-4567 (555) 123 4567" gives two numbers and an ISBN is never cut into a phone number.
function numbersIn(run: string): { kind: NumberKind; text: string }[] {
  const whole = classifyNumber(run);
  if (whole !== null) return [{ kind: whole, text: run }];
  const chunks = [...run.matchAll(/[^ \u00A0]+/gu)].map((c) => ({
    start: c.index,
    end: c.index + c[0].length,
  }));
  // Blocks of four digits are a code (a mistyped card or IBAN, a voucher), not several phone numbers.
  if (chunks.length < 2 || /^\d{4}(?:[ \u00A0]\d{4})+(?:[ \u00A0]\d{1,3})?$/u.test(run)) return [];
  const found: { kind: NumberKind; text: string }[] = [];
  let i = 0;
  while (i < chunks.length) {
    let next = i + 1;
    for (let j = i; j < Math.min(chunks.length, i + MAX_CHUNKS_PER_NUMBER); j++) {
      const text = run.slice(chunks[i]?.start, chunks[j]?.end);
      const kind = classifyNumber(text);
      if (kind !== null) {
        found.push({ kind, text });
        next = j + 1;
        break;
      }
    }
    i = next;
  }
  return found;
}

function classifyNumber(candidate: string): NumberKind | null {
  const groups = candidate.match(/\d+/gu) ?? [];
  const separators = candidate.split(/\d+/u).slice(1, -1);
  const digits = groups.join('');
  const cardSeparators = separators.every((s) => s === ' ' || s === '-');
  const cardGrouping = groups.length === 1 || (groups[0]?.length === 4 && cardSeparators);
  if (/^[\d -]+$/u.test(candidate) && digits.length >= 13 && digits.length <= 19 && cardGrouping) {
    if (luhnValid(digits)) return 'payment_card';
  }
  // Dotted numbers are phone numbers only when every separator is a dot (06.12.34.56.78);
  // "10.5.2024 12.30" is a date and a time.
  if (separators.some((s) => s.includes('.')) && !separators.every((s) => s === '.')) return null;
  if (/[()]/u.test(candidate) && !LEADING_PARENTHESES.test(candidate)) return null;
  const last = groups[groups.length - 1] ?? '';
  if (candidate.startsWith('+')) {
    const grouped =
      groups.slice(0, -1).every((g) => g.length <= 5) && (groups.length === 1 || last.length <= 8);
    return digits.length >= 8 && digits.length <= 15 && grouped ? 'phone' : null;
  }
  if (digits.length < 10 || digits.length > 13 || IPV4.test(candidate)) return null;
  if (groups.every((g) => YEAR.test(g))) return null;
  const shortGroups = groups.slice(0, -1).every((g) => g.length <= 4) && last.length <= 8;
  return shortGroups && (groups.length >= 3 || candidate.includes('(')) ? 'phone' : null;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// The candidate may swallow following words ("… 00 is mine"), so shorter prefixes are tried too.
function validIbanPrefix(compact: string): string | null {
  if (!IBAN_COUNTRIES.has(compact.slice(0, 2))) return null;
  for (let length = Math.min(compact.length, 34); length >= 15; length--) {
    const candidate = compact.slice(0, length);
    if (ibanChecksumValid(candidate)) return candidate;
  }
  return null;
}

function ibanChecksumValid(iban: string): boolean {
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' && char <= 'Z' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

// Blanks the first `count` non-space characters of a match and what lies between them.
function blankFirstCharacters(match: string, count: number): string {
  let seen = 0;
  let end = 0;
  while (end < match.length && seen < count) {
    if (match[end] !== ' ') seen++;
    end++;
  }
  return ' '.repeat(end) + match.slice(end);
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${[...local][0] ?? ''}…@${[...domain][0] ?? ''}…${domain.slice(dot)}`;
}
