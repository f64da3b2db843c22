// Loaded into the benchmark's server with --import: samples process.memoryUsage() every 20 ms and, when the process
// exits, writes the peaks (MB) to HEAP_PROBE_FILE. Nothing else of the server changes.
import fs from 'node:fs';

const file = process.env.HEAP_PROBE_FILE;
if (file) {
  const peak = { heapUsed: 0, heapTotal: 0, rss: 0, external: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], m[k] / 1024 / 1024);
  };
  setInterval(sample, 20).unref();
  // The benchmark asks for the peaks so far by writing to the file's ".ask" twin (cheap to poll: a stat).
  setInterval(() => {
    if (fs.existsSync(`${file}.ask`)) {
      fs.rmSync(`${file}.ask`, { force: true });
      fs.writeFileSync(file, JSON.stringify(peak));
    }
  }, 100).unref();
  process.on('exit', () => fs.writeFileSync(file, JSON.stringify(peak)));
}
