/**
 * One generation of the open-data files (dumps and llms-full.txt) in a process of its own, so
 * its peak memory is its own: `node bench/open-data-generate.ts <connection string> <directory>`.
 * Prints { ms, cpu_ms, items, max_rss_mb } as JSON: cpu_ms is this process's own CPU time (user +
 * system), what the pass costs here when it does not wait for a core or the database.
 */
import pg from 'pg';
import { generateOpenData } from '../server/src/open-data/generate-open-data.ts';

const [connectionString, directory] = process.argv.slice(2);
if (!connectionString || !directory) throw new Error('usage: open-data-generate.ts <connection string> <directory>');
const pool = new pg.Pool({ connectionString, max: 2 });
const started = performance.now();
const manifest = await generateOpenData(pool, directory, { origin: 'https://sciai.example' });
const ms = Math.round(performance.now() - started);
await pool.end();
// maxRSS is in kilobytes
const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const cpu = process.cpuUsage();
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
process.stdout.write(
  `${JSON.stringify({ ms, cpu_ms: cpuMs, items: manifest.item_count, max_rss_mb: maxRssMb, files: manifest.files })}\n`,
);
