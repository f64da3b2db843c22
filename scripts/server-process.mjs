// How `npm start` runs the server process: its Node flags. One home for scripts/start.mjs and the benchmarks that
// measure the server as `npm start` runs it (bench/memory, bench/api). What each flag saves and costs:
// bench/memory/RESULTS.md, bench/api/RESULTS.md and docs/decisions/0025.
//
// --enable-source-maps: stack traces in the logs point into the TypeScript sources (~9 MB of heap).
// --expose-gc: the server collects its start-up garbage once (apps/server/src/main.ts, docs/decisions/0017).
// --max-semi-space-size=8: V8's young generation grows to 2 × 16 MB (Node 20's default) and stays that size,
//   mostly empty, once the server idles; 8 MB semi-spaces keep ~15 MB less resident, for ~10 % of the API's
//   throughput under full load. 4 MB saved ~8 MB more but cost 10–20 % (more objects promoted under load).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--expose-gc', '--max-semi-space-size=8'];
