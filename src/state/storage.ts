// Storage adapters for atomWithStorage that never throw when storage is blocked.
import { createJSONStorage } from 'jotai/utils';

interface SyncStringStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}
interface SyncStorage<T> {
  getItem: (key: string, initialValue: T) => T;
  setItem: (key: string, value: T) => void;
  removeItem: (key: string) => void;
}

function safe(getStorage: () => Storage): SyncStringStorage {
  return {
    getItem: (key) => {
      try {
        return getStorage().getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        getStorage().setItem(key, value);
      } catch {
        // ignore: private mode or quota
      }
    },
    removeItem: (key) => {
      try {
        getStorage().removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

export const sessionJson = <T>(): SyncStorage<T> => createJSONStorage<T>(() => safe(() => sessionStorage));

/** Stores plain strings (e.g. `on`), not JSON, so the value reads well in dev tools and tests. */
export function plainStorage<T extends string>(getStorage: () => Storage, allowed: readonly T[]): SyncStorage<T> {
  const raw = safe(getStorage);
  return {
    getItem: (key, initialValue) => {
      const value = raw.getItem(key);
      return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : initialValue;
    },
    setItem: (key, value) => raw.setItem(key, value),
    removeItem: (key) => raw.removeItem(key),
  };
}

/** A boolean kept as 'true' (absent when false). */
export function flagStorage(getStorage: () => Storage): SyncStorage<boolean> {
  const raw = safe(getStorage);
  return {
    getItem: (key, initialValue) => {
      const value = raw.getItem(key);
      return value === null ? initialValue : value === 'true';
    },
    setItem: (key, value) => (value ? raw.setItem(key, 'true') : raw.removeItem(key)),
    removeItem: (key) => raw.removeItem(key),
  };
}

/** A boolean kept as 'true' or 'false'. */
export function booleanStorage(getStorage: () => Storage): SyncStorage<boolean> {
  const raw = safe(getStorage);
  return {
    getItem: (key, initialValue) => {
      const value = raw.getItem(key);
      return value === null ? initialValue : value === 'true';
    },
    setItem: (key, value) => raw.setItem(key, String(value)),
    removeItem: (key) => raw.removeItem(key),
  };
}
