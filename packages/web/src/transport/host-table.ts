/** Hosts one Table for the page's player: shared by the Web Worker and the in-page transport (tests). */
import { parseTableConfig, errorMessage, type TableMessage } from '@hanafuda/protocol';
import { Table } from '@hanafuda/table';

export interface HostedTable {
  /** A raw protocol message from the page's player. */
  receive(text: string): void;
  close(): void;
}

/** The seat the page's player sits in: the first human seat (a spectator when every seat is a bot). */
export function humanSeat(config: { seats: readonly { kind: string }[] }): number | null {
  const seat = config.seats.findIndex((s) => s.kind === 'human');
  return seat < 0 ? null : seat;
}

export function hostTable(rawConfig: unknown, seed: string, botDelayMs: number, send: (message: TableMessage) => void): HostedTable | null {
  const config = parseTableConfig(rawConfig);
  if (!config.ok) {
    send(errorMessage(config.error.code, config.error.message));
    return null;
  }
  const created = Table.create(config.value, seed, { botDelayMs });
  if (!created.ok) {
    send(errorMessage(created.error.code, created.error.message));
    return null;
  }
  const table = created.value;
  const connection = table.connect(humanSeat(config.value), send);
  return { receive: (text) => void table.receive(connection, text), close: () => table.close() };
}
