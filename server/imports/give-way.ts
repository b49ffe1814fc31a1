// The import job gives way to requests: when others' requests are being answered as it is about to write the next
// chunk, it pauses three times as long as its last chunk took (at most GIVE_WAY_MS, and only while they last), so
// on a busy server the import takes about a quarter of the time and requests keep being answered quickly; on a
// quiet one it does not wait at all.
import { requestsInFlight } from '../plugins/traffic';

export const GIVE_WAY_MS = 300;

/** Returns a pause to call between chunks; it measures the work done since the previous call. */
export function giveWay() {
  let last = performance.now();
  return async () => {
    const until = performance.now() + Math.min(GIVE_WAY_MS, 3 * (performance.now() - last));
    while (requestsInFlight() > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
    last = performance.now();
  };
}
