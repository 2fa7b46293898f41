/** Who a connection is: the account its session cookie names (a guest or a member). */
export interface Identity {
  readonly account: string;
  /** The display name: a member's own, unique across the site; a guest's drawn by the server. */
  readonly name: string;
  readonly guest: boolean;
}
