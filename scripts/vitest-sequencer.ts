import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest test files, started first. On a fresh clone vitest has no durations cached and orders files by
 * project, then size: `server-standalone`'s main.test.ts (first starts of whole servers, minutes) came last and ran
 * alone on one core while the other sat idle at the end. Started first, the long files overlap the many short ones.
 * Keys are `<project>:<path from the repository root>`; a file missing here only loses its head start.
 */
const SLOW_FIRST = [
  'server-standalone:apps/server/src/main.test.ts',
  'server:apps/server/src/platform/no-5xx.test.ts',
  'server:apps/server/src/test/security/authorization-matrix.test.ts',
  'server:apps/server/src/documents/sweeper.test.ts',
  'server:apps/server/src/site/site-hostile.property.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`;
      const at = SLOW_FIRST.indexOf(key);
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
