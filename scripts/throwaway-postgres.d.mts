import type { ChildProcess } from 'node:child_process';

export interface ThrowawayPostgres {
  url: string;
  port: number;
  version: string;
  stop(): Promise<void>;
  server: { process?: ChildProcess; start(): Promise<void> };
}

export function startThrowawayPostgres(): Promise<ThrowawayPostgres>;
