/** A seat played by a test client: whenever its update says it is to move, it sends a legal action chosen from its view. */
import type { Message, TestClient } from './client.js';

export type Policy = (actions: unknown[], seq: number) => unknown;

/** Deterministic: the same view and update number give the same action. */
export const bySeq: Policy = (actions, seq) => actions[(seq * 7 + 3) % actions.length];

/** Plays until the game's record arrives (resolves with it); also acts on an update that came before it was called. */
export function autoplay(
  client: TestClient,
  seat: number,
  policy: Policy = bySeq,
  onAct?: (seq: number) => void,
): Promise<Message> {
  let acted = -1;
  const consider = (m: Message) => {
    if (m.type !== 'update') return;
    const view = m.view as { toMove: number | null; actions?: unknown[] };
    const seq = m.seq as number;
    if (view.toMove !== seat || !view.actions || view.actions.length === 0 || seq <= acted) return;
    if (seq !== (client.lastUpdate()?.seq as number)) return;
    acted = seq;
    onAct?.(seq);
    client.send({ type: 'act', seq, action: policy(view.actions, seq) });
  };
  client.onMessage(consider);
  const last = client.lastUpdate();
  if (last) consider(last);
  return client.next((m) => m.type === 'record', 60_000, 0);
}
