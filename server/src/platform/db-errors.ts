// What PostgreSQL's errors mean to the code that expects them; see
// https://www.postgresql.org/docs/current/errcodes-appendix.html for the codes.

/** The SQLSTATE of a unique_violation. */
const UNIQUE_VIOLATION = "23505";

/** True when `err` is a unique violation (of `constraint`, when named). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null | undefined;
  return e?.code === UNIQUE_VIOLATION && (!constraint || e.constraint === constraint);
}
