// Test-only: the column titles of the recorded 1.20.2 pods Table (tests/fixtures, tables/api__v1__pods.json), in the
// server's order.

/** Priority 0: shown by default. */
export const POD_COLUMNS = ['Name', 'Ready', 'Status', 'Restarts', 'Age'];

/** Priority above 0: added after them in wide mode. */
export const POD_WIDE_COLUMNS = ['IP', 'Node', 'Nominated Node', 'Readiness Gates'];
