// Preloaded (`node -r`) into a CLI run by a test or the benchmark: prints the process's own peak resident set
// size when it exits, which no outside poll can miss. It reads VmHWM, which exec resets for the new program:
// getrusage's maxRSS carries the forking parent's peak across fork and exec on Linux, so a CLI spawned by
// a large test runner would report the runner's size as its own.
const { readFileSync } = require('node:fs');

function peakKb() {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // no /proc: fall back to getrusage below
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => process.stderr.write(`\npeak-rss-kb ${peakKb()}\n`));
