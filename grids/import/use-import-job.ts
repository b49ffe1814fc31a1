// Follows a running import job: asks for its status every 600 ms until it is done, failed or cancelled.
// A failed poll (a short network drop) is retried more slowly rather than ending the wizard.
import { useEffect, useRef } from 'react';
import { getImport, isFinished, type ImportJob } from './import-api';

const INTERVAL_MS = 600;
const RETRY_MS = 2000;

export function useImportJob(job: ImportJob | null, onUpdate: (job: ImportJob) => void): void {
  const callback = useRef(onUpdate);
  callback.current = onUpdate;
  const uuid = job && !isFinished(job.status) ? job.uuid : null;
  useEffect(() => {
    if (!uuid) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = (delay: number) => {
      timer = setTimeout(() => {
        getImport(uuid, controller.signal).then(
          (next) => {
            if (controller.signal.aborted) return;
            callback.current(next);
            if (!isFinished(next.status)) poll(INTERVAL_MS);
          },
          () => !controller.signal.aborted && poll(RETRY_MS),
        );
      }, delay);
    };
    poll(INTERVAL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [uuid]);
}
