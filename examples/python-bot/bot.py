#!/usr/bin/env python3
"""An example bot: it takes a seat in a room of the hanafuda game server by the room's
invite link, as a person would, says it is a bot, and plays a random legal move whenever
it is its turn, until the game is over (docs/bots.md).

Needs Python 3.8+ and the `websockets` package (Debian: python3-websockets).
Usage: python3 examples/python-bot/bot.py INVITE-LINK [NAME]
"""
import asyncio
import json
import random
import sys
from urllib.parse import parse_qs, urlsplit

import websockets


async def play(invite: str, name: str) -> int:
    link = urlsplit(invite)
    query = parse_qs(link.query)
    room = query.get("room", [None])[0]
    key = query.get("key", [None])[0]
    if not link.netloc or not room:
        print("usage: bot.py INVITE-LINK [NAME]   (an invite link looks like http://localhost:8080/?room=ID&key=KEY)", file=sys.stderr)
        return 2
    scheme = "wss" if link.scheme == "https" else "ws"
    async with websockets.connect(f"{scheme}://{link.netloc}/ws") as socket:
        join = {"v": 1, "type": "join", "room": room, "name": name, "bot": True}
        if key:
            join["key"] = key  # a private room's invite key (a public room needs none)
        await socket.send(json.dumps(join))
        seat = None
        async for text in socket:
            message = json.loads(text)
            kind = message["type"]
            if kind == "joined":
                seat = message["seat"]
                print(f"{name} sits in seat {seat} of room {message['room']}", flush=True)
            elif kind == "update":
                # The seat's view lists its legal actions when a decision of this seat is awaited, and none otherwise.
                actions = message["view"]["actions"]
                if actions:
                    await socket.send(json.dumps({"v": 1, "type": "act", "seq": message["seq"], "action": random.choice(actions)}))
            elif kind == "record":
                print(f"game over after {len(message['record']['actions'])} actions", flush=True)
                return 0
            elif kind == "error":
                print(f"{message['code']}: {message['message']}", file=sys.stderr, flush=True)
                # Refused a seat (a full room, no such room): nothing more to do. A move refused as stale
                # answered an update that was already old: the newer update brings the view to act on.
                if seat is None:
                    return 1
    print("the server closed the connection before the game was over", file=sys.stderr)
    return 1


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: bot.py INVITE-LINK [NAME]", file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(play(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "Python bot")))
