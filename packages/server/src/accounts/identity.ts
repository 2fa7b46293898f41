/** Who a connection is: a guest or an account (CONTRACT.md section 1), resolved from its session cookie. */
export interface Identity {
  readonly account: string;
  readonly name: string;
  readonly guest: boolean;
}
