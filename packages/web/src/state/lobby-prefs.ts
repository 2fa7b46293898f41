/**
 * The lobby's settings, remembered in localStorage: whether, and after how long, bots take the
 * seats nobody came for (casual games), and whether a member's quick games are rated.
 */

/** Seconds offered (the server takes 0..600). */
export const BOTS_AFTER_CHOICES = [15, 30, 60, 120, 300] as const;

export interface LobbyPrefs {
  readonly bots: boolean;
  readonly botsAfter: number;
  /** A member's quick games are rated (a guest's are always casual). */
  readonly rated: boolean;
}

/**
 * Bots on, after 30 s: a lone player at a quiet hour still gets a game. Rated: a member made an
 * account to keep a name and their progress, and a quick game against a stranger is what a
 * rating is for; one who would rather play casual chooses it once, and it is remembered.
 */
export const DEFAULT_LOBBY_PREFS: LobbyPrefs = { bots: true, botsAfter: 30, rated: true };

const KEY = 'hanafuda.lobby.v1';

export function loadLobbyPrefs(): LobbyPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<LobbyPrefs> | null;
    return {
      bots: typeof raw?.bots === 'boolean' ? raw.bots : DEFAULT_LOBBY_PREFS.bots,
      botsAfter: BOTS_AFTER_CHOICES.includes(raw?.botsAfter as never)
        ? raw!.botsAfter!
        : DEFAULT_LOBBY_PREFS.botsAfter,
      rated: typeof raw?.rated === 'boolean' ? raw.rated : DEFAULT_LOBBY_PREFS.rated,
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
