// Preloaded (`node -r`) into a CLI run by a test or the benchmark: prints the process's own peak resident set
// size when it exits, which no outside poll can miss.
process.on('exit', () => process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`));
