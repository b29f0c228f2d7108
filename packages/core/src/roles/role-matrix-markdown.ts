import { ROLE_MATRIX } from './role-matrix.js';
import { ROLES } from './roles.js';
import { TEAM_ACTIONS } from './team-actions.js';

/**
 * The role matrix as the markdown table docs/teams.md contains, columns padded the way the
 * formatter writes tables, so the test comparing the two sees formatted text on both sides.
 */
export function roleMatrixMarkdown(): string {
  const header = ['action', ...ROLES, 'covers'];
  const rows = TEAM_ACTIONS.map((action) => [
    `\`${action}\``,
    ...ROLES.map((role) => (ROLE_MATRIX[action].roles.includes(role) ? 'yes' : 'no')),
    ROLE_MATRIX[action].covers,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}
