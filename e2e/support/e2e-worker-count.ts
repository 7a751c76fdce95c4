/** Browser test files run in this many workers at once, each against a server of its own. */
export const E2E_WORKERS = 2;
