import { runCli } from './program.ts';

// The exit code is set rather than forced, so pending output is flushed before Node exits.
process.exitCode = await runCli(process.argv.slice(2));
