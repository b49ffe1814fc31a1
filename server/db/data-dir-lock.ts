// PGlite is one process per data folder: two processes on one folder corrupt it (docs/domain/security.md, "Embedded database").
import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {}

/** Takes an exclusive lock file in the data folder; returns its release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'hauswerk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Hauswerk process (pid ${pid}). ` +
            'Stop it first, or set DATA_DIR to another folder, or use PostgreSQL (DATABASE_URL) for several processes.',
        );
      }
      fs.unlinkSync(file); // stale lock of a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
