/**
 * Progress: a bar on a terminal (done/failed, rate, ETA — cli-progress), plain lines when
 * the output is piped (one every 5 % and at the end), nothing when quiet.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(failed: boolean): void;
  stop(): void;
}

export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let done = 0;
  let failed = 0;
  const started = performance.now();
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar({ format: 'normalizing [{bar}] {value}/{total} | failed {failed} | {rate}/s | ETA {eta}s', stream, hideCursor: true }, cliProgress.Presets.shades_classic);
    bar.start(total, 0, { failed: 0, rate: '0' });
    return {
      tick(isFailure) {
        done += 1;
        if (isFailure) failed += 1;
        bar.update(done, { failed, rate: (done / ((performance.now() - started) / 1000)).toFixed(1) });
      },
      stop: () => bar.stop(),
    };
  }
  const step = Math.max(1, Math.floor(total / 20));
  return {
    tick(isFailure) {
      done += 1;
      if (isFailure) failed += 1;
      if (done % step === 0 || done === total) {
        const seconds = (performance.now() - started) / 1000;
        const rate = done / Math.max(seconds, 0.001);
        stream.write(`normalized ${done}/${total}, failed ${failed}, ${rate.toFixed(1)}/s, ETA ${Math.round((total - done) / rate)}s\n`);
      }
    },
    stop() {},
  };
}
