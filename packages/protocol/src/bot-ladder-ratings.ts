// Written by `npm run ratings:bots` (packages/server/src/ratings/bot-ladder-main.ts): run it again rather than edit this.
import type { BotLadder } from './bot-ratings.js';

/** Each rated format's setup, and each bot level's rating there (seed "ladder"). */
export const BOT_LADDER: BotLadder = {
  "seed": "ladder",
  "pools": [
    {
      "pool": "koikoi-6",
      "game": "koikoi",
      "players": 2,
      "teams": null,
      "options": {
        "rounds": 6
      },
      "games": 120,
      "ratings": {
        "easy": 1500,
        "normal": 1656,
        "hard": 1882,
        "expert": 1882
      }
    },
    {
      "pool": "koikoi-12",
      "game": "koikoi",
      "players": 2,
      "teams": null,
      "options": {
        "rounds": 12
      },
      "games": 120,
      "ratings": {
        "easy": 1160,
        "normal": 1583,
        "hard": 2006,
        "expert": 1985
      }
    },
    {
      "pool": "sakura-2",
      "game": "sakura",
      "players": 2,
      "teams": null,
      "options": {},
      "games": 120,
      "ratings": {
        "easy": 1356,
        "normal": 1861,
        "hard": 1848,
        "expert": 1852
      }
    },
    {
      "pool": "sakura-3",
      "game": "sakura",
      "players": 3,
      "teams": null,
      "options": {},
      "games": 180,
      "ratings": {
        "easy": 1393,
        "normal": 1800,
        "hard": 1909,
        "expert": 1893
      }
    },
    {
      "pool": "sakura-2x2",
      "game": "sakura",
      "players": 4,
      "teams": [
        [
          0,
          2
        ],
        [
          1,
          3
        ]
      ],
      "options": {},
      "games": 240,
      "ratings": {
        "easy": 1518,
        "normal": 1835,
        "hard": 1854,
        "expert": 1924
      }
    },
    {
      "pool": "nara-4",
      "game": "nara",
      "players": 4,
      "teams": null,
      "options": {},
      "games": 240,
      "ratings": {
        "easy": 1485,
        "normal": 1693,
        "hard": 1922,
        "expert": 1931
      }
    },
    {
      "pool": "oibana",
      "game": "oibana",
      "players": 3,
      "teams": null,
      "options": {},
      "games": 180,
      "ratings": {
        "easy": 1528,
        "normal": 1814,
        "hard": 1856,
        "expert": 1883
      }
    }
  ]
};
