import { compileMessagesAsMet } from '@sciai/core/i18n-catalogs';
import { runCli } from './program.ts';

// Core's messages are English in the CLI; with arguments they need compiling as they are met.
compileMessagesAsMet();

// The exit code is set rather than forced, so pending output is flushed before Node exits.
process.exitCode = await runCli(process.argv.slice(2));
