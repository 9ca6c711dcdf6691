/**
 * How `npm start` runs the production server (package.json's `start`, which must say the same), so
 * the bench and the load test measure the process visitors meet. `--no-memory-reducer`: decision 0039.
 */
export const SERVER_ARGS = ['--no-memory-reducer', '--import', 'tsx', 'src/server/main.ts'];
