/**
 * How a dialect writes the parameter of a column in a statement the two dialects share: SQLite by
 * name (`@column`), PostgreSQL by position (`$1`, the column's index plus one).
 */
export type Placeholder = (column: string, index: number) => string;

/** `INSERT INTO table (columns) VALUES (placeholders)`, for the statements written once here. */
export function insertSql(table: string, columns: readonly string[], placeholder: Placeholder): string {
  return `INSERT INTO ${table} (${columns.join(', ')})
VALUES (${columns.map(placeholder).join(', ')})`;
}
