import { describe, expect, it } from 'vitest';
import { childNodeOptions } from './node-options.ts';

describe('childNodeOptions', () => {
  it('keeps the loader, memory and source-map options', () => {
    const argv = ['--import', 'tsx', '--enable-source-maps', '--expose-gc', '--max-semi-space-size=8'];
    expect(childNodeOptions(argv)).toEqual(argv);
  });

  it('drops a debugger, profiles and code to evaluate, with their values in either form', () => {
    expect(
      childNodeOptions([
        '--inspect-brk=0',
        '--import',
        'tsx',
        '--inspect-port',
        '9230',
        '--cpu-prof',
        '--cpu-prof-dir',
        '/tmp/prof',
        '--heap-prof-name=x.heapprofile',
        '--prof',
        '-e',
        'console.log(1)',
        '--print',
        '2',
        '--expose-gc',
      ]),
    ).toEqual(['--import', 'tsx', '--expose-gc']);
  });
});
