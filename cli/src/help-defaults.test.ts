import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './program.ts';

const quiet = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

const program = buildProgram({ env: {}, stdout: quiet(), stderr: quiet() });

describe('the defaults sciai’s help shows', () => {
  const options = everyCommand(program).flatMap((command) =>
    command.options.map((option) => ({ command: command.name(), option })),
  );

  it('read back, through the option’s own parser, as the value the command uses', () => {
    const withDefaults = options.filter(({ option }) => option.defaultValue !== undefined);
    expect(withDefaults.map(({ option }) => option.long)).toEqual(
      expect.arrayContaining(['--stale', '--chunk', '--kind']),
    );
    for (const { command, option } of withDefaults) {
      const shown = option.defaultValueDescription ?? String(option.defaultValue);
      const parse = option.parseArg as ((value: string, previous: unknown) => unknown) | undefined;
      expect(parse ? parse(shown, undefined) : shown, `${command} ${option.long}`).toEqual(option.defaultValue);
    }
  });

  it('give enrich’s stale age as its examples and ENRICH_STALE write it', () => {
    const enrich = program.commands.find((command) => command.name() === 'enrich')!;
    const help = enrich.helpInformation();
    expect(help).toMatch(/--stale <age>[\s\S]*\(default: 7d\)/);
    expect(help).not.toContain('604800');
    expect(enrich.opts().stale ?? enrich.getOptionValue('stale')).toBe(7 * 86_400);
  });
});
