/**
 * An example bot: it takes a seat in a room by the room's invite link, as a person would,
 * says it is a bot, and plays a random legal move whenever it is its turn, until the game
 * is over (docs/bots.md). Usage: node examples/typescript-bot/dist/bot.js INVITE-LINK [NAME]
 */
import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
import type { ClientMessage, RoomClientMessage, RoomServerMessage, TableMessage } from '@hanafuda/protocol';

const [invite, name = 'Example bot'] = process.argv.slice(2);
const link = URL.canParse(invite ?? '') ? new URL(invite) : null;
const room = link?.searchParams.get('room');
// A private room's invite key (a public room needs none).
const key = link?.searchParams.get('key') ?? undefined;
if (!link || !room) {
  console.error(
    'usage: bot.js INVITE-LINK [NAME]   (an invite link looks like http://localhost:8080/?room=ID&key=KEY)',
  );
  process.exit(2);
}

const socket = new WebSocket(`${link.protocol === 'https:' ? 'wss' : 'ws'}://${link.host}/ws`);
const send = (message: RoomClientMessage | ClientMessage): void => socket.send(JSON.stringify(message));
let seat: number | null = null;
let over = false;

socket.on('open', () => send({ v: 1, type: 'join', room, name, bot: true, ...(key ? { key } : {}) }));
socket.on('message', (data) => {
  const message = JSON.parse(String(data)) as RoomServerMessage | TableMessage;
  switch (message.type) {
    case 'joined':
      seat = message.seat;
      console.log(`${name} sits in seat ${seat} of room ${message.room}`);
      break;
    case 'update': {
      // The seat's view lists its legal actions when a decision of this seat is awaited, and none otherwise.
      const { actions } = message.view;
      if (actions.length > 0)
        send({ v: 1, type: 'act', seq: message.seq, action: actions[randomInt(actions.length)] });
      break;
    }
    case 'record':
      over = true;
      console.log(`game over after ${message.record.actions.length} actions`);
      socket.close();
      break;
    case 'error':
      console.error(`${message.code}: ${message.message}`);
      // Refused a seat (a full room, no such room): nothing more to do. A move refused as stale
      // answered an update that was already old: the newer update brings the view to act on.
      if (seat === null) socket.close();
      break;
  }
});
socket.on('error', (e) => console.error(`connection failed: ${e.message}`));
socket.on('close', () => process.exit(over ? 0 : 1));
