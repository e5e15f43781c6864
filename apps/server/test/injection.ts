/** Hostile strings for query keys, values and sort parameters (SpringBlade's injection PoCs included). */
export const NASTY = [
  "' OR '1'='1",
  '1; DROP TABLE blade_user; --',
  '1) UNION SELECT password FROM blade_user --',
  'updatexml(1,concat(0x7e,user(),0x7e),1)',
  '%_\\',
  "'; SELECT pg_sleep(5); --",
  '\u0000',
  '9'.repeat(400),
  '${tenantId}',
  '"id"; --',
];

/** What a response must never show: database error text, SQL, table names, stack traces. */
export const LEAKS =
  /syntax error|invalid input syntax|relation "|\brelation\b|column "|\bcolumn\b|SELECT\s|pg_|blade_|ERROR:|violates|stack|at \w+ \(/;
