/** The lobby's one setting, remembered in localStorage: whether, and after how long, bots take the seats nobody came for. */

/** Seconds offered (the server takes 0..600). */
export const BOTS_AFTER_CHOICES = [15, 30, 60, 120, 300] as const;

export interface LobbyPrefs {
  readonly bots: boolean;
  readonly botsAfter: number;
}

/** On, after 30 s: a lone player at a quiet hour still gets a game. */
export const DEFAULT_LOBBY_PREFS: LobbyPrefs = { bots: true, botsAfter: 30 };

const KEY = 'hanafuda.lobby.v1';

export function loadLobbyPrefs(): LobbyPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<LobbyPrefs> | null;
    return {
      bots: typeof raw?.bots === 'boolean' ? raw.bots : DEFAULT_LOBBY_PREFS.bots,
      botsAfter: BOTS_AFTER_CHOICES.includes(raw?.botsAfter as never) ? raw!.botsAfter! : DEFAULT_LOBBY_PREFS.botsAfter,
    };
  } catch {
    return DEFAULT_LOBBY_PREFS;
  }
}

export function saveLobbyPrefs(prefs: LobbyPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Not remembered; the seek still says it.
  }
}
