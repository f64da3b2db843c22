/** Node options that must not pass to a child: a debugger's port, profiles, code to run instead of the script. */
const NOT_FOR_A_CHILD = /^(--inspect|--debug|--cpu-prof|--heap-prof|--prof|--eval|-e$|--print|-p$)/;
/** Those of them whose value may follow as the next argument. */
const TAKES_A_VALUE = /^(--(cpu|heap)-prof-(dir|name|interval)|--inspect-port|--eval|-e|--print|-p)$/;

/**
 * The Node options of this process that a child running another of our scripts should get (main.ts's first start):
 * the loader (tsx's `--import`), memory and source-map flags; never a debugger's, a profiler's or an `--eval`.
 */
export function childNodeOptions(execArgv: readonly string[]): string[] {
  return execArgv.filter((arg, i) => !NOT_FOR_A_CHILD.test(arg) && !(i > 0 && TAKES_A_VALUE.test(execArgv[i - 1]!)));
}
